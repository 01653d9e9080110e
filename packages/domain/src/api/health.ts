import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
