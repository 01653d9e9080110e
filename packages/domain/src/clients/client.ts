import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { Language } from '../i18n/languages';
import { emailField, nameField, phoneField } from '../validation/fields';
import { CLIENT_MESSAGES } from './client-messages';
import { KRA_PIN_PATTERN } from '../landlord/agreement';
import { LANDLORD_MESSAGES } from '../landlord/agreement-messages';
export { CLIENT_MESSAGES } from './client-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

const IdNumber = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Id number must be digits')
  .refine((v) => v === '' || (v.length >= LIMITS.idNumberMin && v.length <= LIMITS.idNumberMax), {
    message: 'Id must be 6 to 8 digits',
  })
  .optional();

/**
 * A tenant's KRA PIN as KRA writes it (eRITS asks for it every month); empty
 * clears it. Optional: a person may have none (decision 055).
 */
const ClientKraPin = z
  .string({ error: LANDLORD_MESSAGES.pinInvalid })
  .trim()
  .transform((p) => p.toUpperCase())
  .pipe(z.union([z.literal(''), z.string().regex(KRA_PIN_PATTERN, LANDLORD_MESSAGES.pinInvalid)]))
  .optional();

/** Client registration (client/register). */
export const RegisterClientRequest = z.object({
  First_name: nameField(),
  Last_name: nameField(),
  Email: emailField(),
  PhoneNo: phoneField(),
  Id_number: IdNumber,
  CapturingAgentId: agentId,
  /** The language of the client's SMS, emails, PDFs and tenant link; English when not given. */
  Preferred_language: Language.optional(),
  Kra_pin: ClientKraPin,
});
export type RegisterClientRequest = z.infer<typeof RegisterClientRequest>;
export const RegisterClientResponse = z.object({ message: z.string(), clientNo: z.number() });

/** The contact form: Full Name, Email Address, Phone No (docs/screens.md#clients). */
export const EditClientRequest = z.object({
  ClientNo: z.coerce.number().int().positive(),
  Full_name: nameField(),
  Email: emailField({ required: 'Email is required', invalid: 'Invalid Email2' }),
  PhoneNo: phoneField(),
  managingAgentId: agentId,
  /** Left out: the client's language stays as it is. */
  Preferred_language: Language.optional(),
  /** Left out: the PIN stays as it is; empty: removed. */
  Kra_pin: ClientKraPin,
});
export type EditClientRequest = z.infer<typeof EditClientRequest>;

/** A client: a tenant or a landlord, as its account's own file on them. */
export const Client = z.object({
  ClientNo: z.number(),
  Full_name: z.string(),
  First_name: z.string(),
  Last_name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  Id_number: z.string().nullable(),
  Preferred_language: Language,
  /** Always answered by the server; optional so the older shape still reads. */
  Kra_pin: z.string().nullable().optional(),
});
export type Client = z.infer<typeof Client>;

export const ClientByNoQuery = z.object({
  clientNo: z.coerce.number().int().positive(),
  managingAgentId: agentId,
});

/** How many clients the account has registered: none means its first step is to register one. */
export const ClientCountQuery = z.object({ managingAgentId: agentId });
export const ClientCount = z.object({ registered: z.number().int().nonnegative() });
export type ClientCount = z.infer<typeof ClientCount>;

export const CLIENT_SEARCH_OPTIONS = ['Full_name', 'Email', 'PhoneNo', 'ClientNo'] as const;
export type ClientSearchOption = (typeof CLIENT_SEARCH_OPTIONS)[number];
/** PhoneNo and ClientNo are searched as numbers, the others as text. */
export const NUMERIC_SEARCH_OPTIONS: readonly ClientSearchOption[] = ['PhoneNo', 'ClientNo'];

export const ClientSearchQuery = z
  .object({
    searchOption: z.enum(CLIENT_SEARCH_OPTIONS, { error: CLIENT_MESSAGES.searchByRequired }),
    searchValue: z
      .string({ error: CLIENT_MESSAGES.searchRequired })
      .trim()
      .min(1, CLIENT_MESSAGES.searchRequired)
      .max(100),
    managingAgentId: agentId,
  })
  .refine((q) => !NUMERIC_SEARCH_OPTIONS.includes(q.searchOption) || /^\d+$/.test(q.searchValue), {
    message: 'Enter digits only',
    path: ['searchValue'],
  });
export type ClientSearchQuery = z.infer<typeof ClientSearchQuery>;

export const LANDLORD_SEARCH_OPTIONS = ['Email', 'PhoneNo', 'ClientNo'] as const;
export const LandlordSearchQuery = z.object({
  searchOption: z.enum(LANDLORD_SEARCH_OPTIONS, { error: CLIENT_MESSAGES.searchByRequired }),
  searchValue: z
    .string({ error: CLIENT_MESSAGES.searchRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.searchRequired)
    .max(100),
  managingAgentId: agentId,
});
export type LandlordSearchQuery = z.infer<typeof LandlordSearchQuery>;

/** Masks all but the last three digits of a phone number: 0712345678 → *******678. */
export function maskPhone(phone: string): string {
  return phone.length <= 3 ? phone : '*'.repeat(phone.length - 3) + phone.slice(-3);
}
