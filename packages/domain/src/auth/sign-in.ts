import { z } from 'zod';
import { TEXT_LIMITS } from '../validation/text';
import { SIGN_IN_MESSAGES } from './sign-in-messages';
import { PASSWORD_MAX } from './sign-up';

export { SIGN_IN_MESSAGES };

export const SignInRequest = z.object({
  // No account has an email or password this long: longer input is a wrong sign-in, said the usual way.
  Email: z
    .string({ error: SIGN_IN_MESSAGES.emailMissing })
    .trim()
    .min(1, SIGN_IN_MESSAGES.emailMissing)
    .max(TEXT_LIMITS.emailMax, SIGN_IN_MESSAGES.wrongCredentials),
  Password: z
    .string({ error: SIGN_IN_MESSAGES.passwordMissing })
    .min(1, SIGN_IN_MESSAGES.passwordMissing)
    .max(PASSWORD_MAX, SIGN_IN_MESSAGES.wrongCredentials),
  /** The browser's local time of the attempt, for the record; the server keeps its own clock. */
  logInTime: z.string().max(64).optional(),
  /** The code mailed to the account once its wrong passwords reached the bound (docs/accounts.md#sign-in-codes). */
  Code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, SIGN_IN_MESSAGES.codeFormat)
    .optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** The 401 answer when the user already has an active session elsewhere (docs/accounts.md#one-session-per-user). */
export const LoginConflict = z.object({
  message: z.string(),
  multipleLogIn: z.literal(true),
  previousSessionUserId: z.number(),
  LoginTime: z.string(),
  /** A short-lived signed ticket naming the previous session: proof the password was right. */
  SessionId: z.string(),
});
export type LoginConflict = z.infer<typeof LoginConflict>;

/** How long a mailed sign-in code works: long enough to open the mail on another device. */
export const SIGN_IN_CODE_VALID_MINUTES = 10;

/** The 401 answer once an account's wrong passwords reached the bound: log in again with the mailed code. */
export const SignInCodeRequired = z.object({
  message: z.string(),
  codeRequired: z.literal(true),
});
export type SignInCodeRequired = z.infer<typeof SignInCodeRequired>;

export const EndPreviousSessionRequest = z.object({
  SessionId: z.string().min(1).max(1_000),
  Date: z.string().max(64).optional(),
});

export const LogoutRequest = z.object({
  sessionId: z.string().max(64).optional(),
  logoutTime: z.string().max(64).optional(),
});
