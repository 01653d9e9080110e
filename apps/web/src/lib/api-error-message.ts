import { ApiError } from './api-client';
import { translateMessage } from './i18n';

/**
 * The words to show for a failed call: the server's own message when it
 * refused the request for a reason (4xx), otherwise `fallback` — a network
 * failure or a 5xx says nothing the user can act on — in the reader's language.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return translateMessage(fallback);
  if (error.status >= 400 && error.status < 500 && error.message && error.message !== 'An error occurred') {
    return translateMessage(error.message);
  }
  return translateMessage(fallback);
}
