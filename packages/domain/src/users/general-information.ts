import { z } from 'zod';
import { Language } from '../i18n/languages';
import { nameField, phoneField } from '../validation/fields';

export const UserGeneralInformationQuery = z.object({ userNo: z.coerce.number().int().positive() });

/** A user's general information. */
export const UserGeneralInformation = z.object({
  UserNo: z.number(),
  ClientNo: z.number(),
  Full_name: z.string(),
  First_name: z.string(),
  Last_name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  Username: z.string(),
  AvailableForWork: z.union([z.literal(0), z.literal(1)]),
});
export type UserGeneralInformation = z.infer<typeof UserGeneralInformation>;

/** The profile's editable bio data (docs/screens.md#profile); the email is fixed here. */
export const EditUserBioData = z.object({
  First_name: nameField(),
  Last_name: nameField(),
  PhoneNo: phoneField(),
});
export type EditUserBioData = z.infer<typeof EditUserBioData>;

/** The screens' language a user chooses in their profile. */
export const SetUserLanguage = z.object({ Language });
export type SetUserLanguage = z.infer<typeof SetUserLanguage>;
