import { z } from 'zod';
import { LIMITS, OTP_RESEND_SECONDS_PER_MINUTE } from '../constants/limits';
import { emailField, nameField } from '../validation/fields';
import { OTP_MESSAGES } from './otp-messages';
export { OTP_MESSAGES } from './otp-messages';

/** A code lives this long; the original client's helper argument 3. */
export const OTP_VALID_MINUTES = 3;
/** The resend wait, in 61-second minutes; the original client's helper argument 1.5. */
export const OTP_RESEND_MINUTES = 1.5;
export const OTP_RESEND_SECONDS = Math.ceil(OTP_RESEND_MINUTES * OTP_RESEND_SECONDS_PER_MINUTE);
export const OTP_MAX_ATTEMPTS = 5;

export const GetOtpRequest = z.object({
  Email: emailField({ required: 'Enter your Email', invalid: 'Invalid Email' }),
  FullName: nameField(),
});
export type GetOtpRequest = z.infer<typeof GetOtpRequest>;

/** Never the code itself (docs/accounts.md#email-verification): how long it lives and when another may be asked for. */
export const GetOtpResponse = z.object({
  message: z.string(),
  validMinutes: z.number(),
  resendAfterSeconds: z.number().int(),
});
export type GetOtpResponse = z.infer<typeof GetOtpResponse>;

export const OtpCode = z
  .string({ error: OTP_MESSAGES.incorrect })
  .trim()
  .length(LIMITS.otpLength, OTP_MESSAGES.incorrect);

export const VerifyOtpRequest = z.object({
  Email: emailField({ required: 'Enter your Email', invalid: 'Invalid Email' }),
  otp: OtpCode,
});
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;

export const VerifyOtpResponse = z.object({ verified: z.literal(true), verificationToken: z.string() });
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponse>;

/** "m:ss" for the 'Resend OTP in' countdown. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
