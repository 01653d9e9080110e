import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { rowsOf, type Db } from '../db/database';
import { TooManyRequests } from '../errors';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export type RateLimiter = (key: string, rule: RateLimit) => Promise<void>;

/**
 * Fixed-window counters kept in the database, so every server process counts
 * together. One statement per hit: the upsert starts a new window or counts on.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  return async (key, rule) => {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
    const result = await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${now.toISOString()}, 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()} THEN 1 ELSE rate_limits.hits + 1 END,
        window_start = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()}
                            THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
      RETURNING hits`);
    const hits = Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0);
    if (hits > rule.limit) throw new TooManyRequests();
  };
}
