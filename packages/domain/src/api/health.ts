import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
  /** What the operator must fix (TRUST_PROXY not fitting the requests seen); absent when nothing. */
  warnings: z.array(z.string()).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
