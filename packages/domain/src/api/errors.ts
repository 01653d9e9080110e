import { z } from 'zod';
export { GENERIC_FAILURE_MESSAGE } from './errors-messages';

/** The one error body every API failure answers with (docs/api.md#error-body). */
export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  reqId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const ERROR_CODES = {
  invalid: 'INVALID',
  unauthenticated: 'UNAUTHENTICATED',
  tokenExpired: 'TOKEN_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  upstream: 'UPSTREAM_FAILED',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** While the database cannot be reached: nothing was saved, and asking again shortly is safe. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Makazi cannot reach its database just now. Nothing was saved; try again in a few seconds.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 'Too many attempts. Try again in 12 minutes.' — a person can act on a time, not on "a few minutes". */
export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many attempts. Try again in ${wait}.`;
}
