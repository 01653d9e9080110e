import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/database';

/** Tables a refused request may still touch: counting an attempt is how limits work. */
const BOOKKEEPING = new Set(['rate_limits']);

/** A digest of every row of every table, per table: equal before and after means nothing changed. */
export async function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  const db = app.database.db;
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`),
  )
    .map((t) => t.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const digests = sql.join(
    tables.map(
      (name) =>
        sql`SELECT ${name} AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${sql.identifier(name)} t`,
    ),
    sql` UNION ALL `,
  );
  const rows = rowsOf<{ name: string; digest: string }>(await db.execute(digests));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/**
 * Every write takes a transaction id, so while the next id to be handed out
 * stays the same nothing can have changed and the last digest still holds.
 * Refused requests write nothing, so most cells skip the scan of every table.
 * Where other work shares the server (other test files on one PostgreSQL
 * cluster) the id moves anyway, and every call scans: slower, never weaker.
 */
export class DatabaseState {
  private xid: string | undefined;
  private digest: Record<string, string> | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async fingerprint(): Promise<Record<string, string>> {
    const xid = await nextTransactionId(this.app);
    if (xid !== this.xid || this.digest === undefined) {
      this.digest = await databaseFingerprint(this.app);
      this.xid = xid;
    }
    return this.digest;
  }
}

async function nextTransactionId(app: FastifyInstance): Promise<string> {
  const [row] = rowsOf<{ xid: string }>(await app.database.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`));
  return row!.xid;
}
