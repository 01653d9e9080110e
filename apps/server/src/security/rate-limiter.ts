import { tooManyAttemptsMessage } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { rowsOf, type Db } from '../db/database';
import { TooManyRequests } from '../errors';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt under `key`; refuses with 429, saying how long to wait, once the window is full. */
  consume(key: string, rule: RateLimit): Promise<void>;
  /** Takes back one counted attempt: what turned out to be a success does not count against anybody. */
  refund(key: string): Promise<void>;
  /** Forgets windows that ended long ago. */
  prune(): Promise<number>;
}

/** Longer than any rule's window: a row older than this counts nothing any more. */
const KEEP_SECONDS = 24 * 60 * 60;

/**
 * Fixed-window counters kept in the database, so every server process counts
 * together. One statement per hit: the upsert starts a new window or counts on.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async consume(key, rule) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
      const result = await db.execute(sql`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${now.toISOString()}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()} THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${windowStart.toISOString()}
                              THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
        RETURNING hits, window_start`);
      const row = rowsOf<{ hits: number; window_start: string | Date }>(result)[0];
      if (Number(row?.hits ?? 0) > rule.limit) {
        const endsAt = new Date(row!.window_start).getTime() + rule.windowSeconds * 1000;
        const seconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
        throw new TooManyRequests(tooManyAttemptsMessage(seconds), seconds);
      }
    },

    async refund(key) {
      await db.execute(sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key}`);
    },

    async prune() {
      const cutoff = new Date(clock.now().getTime() - KEEP_SECONDS * 1000);
      const result = await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${cutoff.toISOString()} RETURNING key`);
      return rowsOf(result).length;
    },
  };
}
