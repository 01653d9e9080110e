import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { DEFAULT_RATE_LIMITS, loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { openTestDatabase } from './database';

/** argon2id at 1 MiB and 1 pass: the same algorithm and code path as deployed, at a fraction of the work. */
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The app as every API test builds it: fresh database, no SPA, quiet logs. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { clock?: Clock; logStream?: { write(line: string): void }; database?: Database } = {},
): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    webDist: undefined,
    // Sent in the background, notices would change tables while a test compares them; tests drain by hand.
    deliverNotices: false,
    recoverStk: false,
    // Background work would change tables while a test compares them; tests call the services by hand.
    workers: false,
    // Hundreds of sign-ups and sign-ins per run at 19 MiB each were a tenth of the suite's CPU; passwords.test.ts
    // holds the deployed cost, and a stored hash names its own cost, so every check still runs argon2id.
    passwordCost: TEST_PASSWORD_COST,
    // Every injected request comes from 127.0.0.1: per-address limits would trip
    // across unrelated tests. rate-limits.test.ts checks them with real values.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerIp: { limit: 100_000, windowSeconds: 60 },
      codesPerIp: { limit: 100_000, windowSeconds: 60 },
      signUpPerIp: { limit: 100_000, windowSeconds: 60 },
      emailChecksPerIp: { limit: 100_000, windowSeconds: 60 },
      directoryPerAccount: { limit: 100_000, windowSeconds: 60 },
      directoryPerIp: { limit: 100_000, windowSeconds: 60 },
      offersPerAgency: { limit: 100_000, windowSeconds: 60 },
      offersPerRecipient: { limit: 100_000, windowSeconds: 60 },
      tenantLinkPerIp: { limit: 100_000, windowSeconds: 60 },
    },
    ...overrides,
  };
  return buildApp(config, { ...options, database: options.database ?? (await openTestDatabase()) });
}
