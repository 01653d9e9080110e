import { API, normaliseEmail, SIGN_UP_MESSAGES, type MessageResponse } from '@makazi/domain';

import { ApiError, apiFetch } from '../../../lib/api-client';

export type EmailAvailability = { available: true } | { available: false; message: string };

export function checkEmailNotTaken(email: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(API.client.checkEmailNotTaken, { method: 'POST', body: { email } });
}

const known = new Map<string, Promise<EmailAvailability>>();

/**
 * Is the email free? 409 means taken; any other failure means the check could
 * not be made. Answers are remembered per email, failures are not,
 * so the blur check and the Next check share one call.
 */
export function emailAvailability(email: string): Promise<EmailAvailability> {
  const key = normaliseEmail(email);
  let answer = known.get(key);
  if (!answer) {
    answer = checkEmailNotTaken(key).then(
      (): EmailAvailability => ({ available: true }),
      (error: unknown): EmailAvailability => {
        known.delete(key);
        if (error instanceof ApiError && error.status === 409) {
          return { available: false, message: SIGN_UP_MESSAGES.emailTaken };
        }
        // Checked too often: the server's answer says how long to wait, which a generic failure would hide.
        if (error instanceof ApiError && error.status === 429)
          return { available: false, message: error.message };
        return { available: false, message: SIGN_UP_MESSAGES.emailCheckFailed };
      },
    );
    known.set(key, answer);
  }
  return answer;
}

/** Tests start from an empty memory. */
export function forgetEmailAvailability(): void {
  known.clear();
}
