import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './database';

/** PGlite has no autovacuum: this often the app looks for tables whose statistics went stale. */
export const PGLITE_ANALYZE_EVERY_MS = 5 * 60 * 1000;
/**
 * And this soon after start: a data directory written by something other than
 * this process (a restore, an upgrade, a bulk load) is planned on its own
 * counts within the first minute, not after five. Not at once, so a start is
 * not kept waiting behind an ANALYZE on PGlite's one connection.
 */
export const PGLITE_FIRST_CHECK_MS = 30 * 1000;

export interface Log {
  warn: (o: object, m: string) => void;
  debug: (o: object, m: string) => void;
}

export interface Statistics {
  /**
   * After a bulk write has committed: the named tables are analysed when the
   * rows written (with what changed before) pass autovacuum's threshold, so
   * the very next export or list is planned on today's row counts. Never
   * throws: the write is already done, and a failed ANALYZE only means
   * yesterday's plan.
   */
  afterBulkWrite(tables: readonly string[], rows: number): Promise<string[]>;
  /** The same, without keeping the caller waiting: for writes whose answer should not carry the ANALYZE's time. */
  afterBulkWriteInBackground(tables: readonly string[], rows: number): void;
  /** Stops the periodic check and waits for analyses under way. */
  stop(): Promise<void>;
}

/**
 * Stale statistics are how a 1 s export becomes a 2 minute one: the planner,
 * still believing the seed-time row counts, picks a nested loop over tables
 * that have since grown a hundredfold (issue 21).
 */
export function statisticsKeeper({
  db,
  kind,
  log,
  firstCheckMs = PGLITE_FIRST_CHECK_MS,
}: {
  db: Db;
  kind: 'pglite' | 'postgres';
  log: Log;
  firstCheckMs?: number;
}): Statistics {
  /** `tables` null: every table of the app's schema. */
  const analyse = async (tables: readonly string[] | null, rows: number): Promise<string[]> => {
    if (tables?.length === 0) return [];
    try {
      const names = tables
        ? sql`ARRAY[${sql.join(
            tables.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`
        : sql`NULL::text[]`;
      const result = await db.execute(sql`SELECT analyze_stale_tables(${names}, ${rows}::bigint) AS analysed`);
      const analysed = rowsOf<{ analysed: string[] | null }>(result)[0]?.analysed ?? [];
      if (analysed.length) log.debug({ analysed, rows }, 'statistics refreshed');
      return analysed;
    } catch (error) {
      log.warn({ err: error, tables }, 'refreshing statistics failed');
      return [];
    }
  };
  const pending = new Set<Promise<unknown>>();
  const inBackground = (tables: readonly string[] | null, rows: number) => {
    const p = analyse(tables, rows).finally(() => pending.delete(p));
    pending.add(p);
  };
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  if (kind === 'pglite') {
    timer = setInterval(() => inBackground(null, 0), PGLITE_ANALYZE_EVERY_MS);
    timer.unref();
    first = setTimeout(() => inBackground(null, 0), firstCheckMs);
    first.unref();
  }
  return {
    afterBulkWrite: analyse,
    afterBulkWriteInBackground: inBackground,
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await Promise.all(pending);
    },
  };
}
