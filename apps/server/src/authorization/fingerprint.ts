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
