import { SIGN_IN_MESSAGES } from '@makazi/domain';

import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';

export type SignInFailure = {
  message: string;
  /** When the session in the way began (a 401 shows the log-in time). */
  loginTime?: string;
  /** The ticket naming a previous session the user may end (docs/accounts.md#one-session-per-user). */
  conflictTicket?: string;
  /** Refused for too many attempts; `waitSeconds` is how long the server asked to wait, when it said. */
  rateLimited?: boolean;
  waitSeconds?: number;
  /** The account needs the code mailed to it beside the password (docs/accounts.md#sign-in-codes). */
  codeRequired?: boolean;
};

function loginTimeOf(body: unknown): string | undefined {
  const value = (body as { LoginTime?: unknown } | null)?.LoginTime;
  return typeof value === 'string' && value ? formatDateTime(value) : undefined;
}

/** What the sign-in page says about a failed attempt. */
export async function describeSignInError(error: unknown): Promise<SignInFailure> {
  if (!(error instanceof ApiError)) return { message: SIGN_IN_MESSAGES.fallback };
  if (error.isNetworkError) return { message: SIGN_IN_MESSAGES.network };
  if (error.status === 401) {
    const { LoginConflict, SignInCodeRequired } = await import('./sign-in-schema');
    const needsCode = SignInCodeRequired.safeParse(error.body);
    if (needsCode.success) return { message: needsCode.data.message, codeRequired: true };
    const conflict = LoginConflict.safeParse(error.body);
    if (conflict.success) {
      return {
        message: conflict.data.message,
        loginTime: formatDateTime(conflict.data.LoginTime),
        conflictTicket: conflict.data.SessionId,
      };
    }
    return { message: error.message, loginTime: loginTimeOf(error.body) };
  }
  // 400 and 429 explain themselves (a 429 says how long to wait); the client already falls back to 'An error occurred'.
  if (error.status === 429)
    return { message: error.message, rateLimited: true, waitSeconds: error.retryAfterSeconds };
  if (error.status === 400) return { message: error.message };
  return { message: SIGN_IN_MESSAGES.fallback };
}
