import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { emailField, nameField, phoneField } from '../validation/fields';
import { SIGN_UP_MESSAGES } from './sign-up-messages';
export { SIGN_UP_MESSAGES } from './sign-up-messages';

export const SignUpEmail = emailField({ required: 'Enter your Email', invalid: 'Invalid Email' });

/** Step 1, BioData. */
export const SignUpBioData = z.object({
  First_name: nameField(),
  Last_name: nameField(),
  Email: SignUpEmail,
  PhoneNo: phoneField('Phone number is required'),
});
export type SignUpBioData = z.infer<typeof SignUpBioData>;

/** Step 2, Email Verification: the hidden fields the wizard fills once the code matches. */
export const SignUpVerification = z.object({
  verified: z.literal('verified', { error: SIGN_UP_MESSAGES.verifyEmail }),
  EmailVerified: z.string({ error: SIGN_UP_MESSAGES.verifyEmail }).min(1, SIGN_UP_MESSAGES.verifyEmail),
});

/** Argon2 takes any length; a cap keeps a megabyte "password" from costing the server. */
export const PASSWORD_MAX = 128;

const PasswordFields = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(LIMITS.passwordMin, 'password too short')
    .max(PASSWORD_MAX, 'Password is too long'),
  confirmPassword: z.string({ error: 'Confirm password' }).min(1, 'Confirm password'),
});

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** Step 3, Set Password. */
export const SignUpPassword = PasswordFields.refine(passwordsMatch, mismatch);

/** The whole wizard's form. */
export const SignUpForm = SignUpBioData.extend(SignUpVerification.shape)
  .extend(PasswordFields.shape)
  .refine(passwordsMatch, mismatch);
export type SignUpForm = z.infer<typeof SignUpForm>;

/**
 * What the server takes: the form's fields plus the proof that the email was
 * verified (docs/accounts.md#email-verification), instead of the browser's word for it.
 */
export const SignUpRequest = SignUpBioData.extend(PasswordFields.shape)
  .extend({
    verificationToken: z.string({ error: SIGN_UP_MESSAGES.verifyEmail }).min(1, SIGN_UP_MESSAGES.verifyEmail),
  })
  .refine(passwordsMatch, mismatch);
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignUpResponse = z.object({ message: z.string(), userNo: z.number(), clientNo: z.number() });
export type SignUpResponse = z.infer<typeof SignUpResponse>;

export const CheckEmailRequest = z.object({ email: SignUpEmail });
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
