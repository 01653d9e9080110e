import { ApiError } from './api-client';

/**
 * The words to show for a failed call: the server's own message when it
 * refused the request for a reason (4xx), otherwise `fallback` — a network
 * failure or a 5xx says nothing the user can act on.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return fallback;
  if (error.status >= 400 && error.status < 500 && error.message && error.message !== 'An error occurred') {
    return error.message;
  }
  return fallback;
}
