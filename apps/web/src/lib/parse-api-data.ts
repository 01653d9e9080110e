import type { z } from 'zod';

import { ApiError } from './api-client';

/** Checks an answer against its schema; a mismatch is 'Invalid response data'. */
export function parseApiData<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return result.data;
}
