import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { migrationsFolder } from '../paths';
import { acquireDataDirLock } from './data-dir-lock';
import { readPgliteTemplate } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one handle type repositories take: the database or an open transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  appliedMigrations(): Promise<number>;
  close(): Promise<void>;
}

const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' } as const;
/** Any fixed number: it only has to be the same in every process. */
const MIGRATION_LOCK_KEY = 7_204_610;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  // A new data directory starts from the built template instead of initdb.
  const fresh = config.dataDir !== undefined && !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  const template = fresh ? await readPgliteTemplate() : undefined;
  return openPglite(config.dataDir, template ? { template } : {});
}

/**
 * PGlite's settings for a long-running server (on top of its own): a small
 * buffer pool keeps the process small, and a small WAL budget makes
 * checkpoints recycle a few segments instead of keeping up to a gigabyte.
 */
const PGLITE_SETTINGS = [
  '-c', 'shared_buffers=32MB',
  '-c', 'max_wal_size=64MB',
  '-c', 'min_wal_size=32MB',
  '-c', 'checkpoint_timeout=60s',
];

export interface PgliteOptions {
  /** A data directory dumped by `dumpPglite`: opened as is, without initdb. */
  template?: Blob;
}

/** `dataDir` undefined means in memory: tests and benchmarks. */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  const lock = dataDir ? await acquireDataDirLock(dataDir) : undefined;
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.template ? { loadDataDir: options.template } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      // pg_trgm backs the "contains" searches (migration 0008), as on PostgreSQL.
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, ...DRIZZLE_OPTIONS }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      async migrate() {
        if (await migrationsApplied(db)) return;
        await migratePglite(drizzlePglite({ client, ...DRIZZLE_OPTIONS }), { migrationsFolder });
      },
      // Straight to the driver: /api/health asks on every probe, and the query
      // builder's round trip on PGlite costs several times the query itself.
      appliedMigrations: async () => Number((await client.query<{ n: number }>(COUNT_MIGRATIONS)).rows[0]?.n ?? 0),
      async close() {
        try {
          if (dataDir) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * A migrated, empty in-memory database as an uncompressed tarball: initdb in
 * WASM costs seconds, loading this costs a fraction of one.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client, ...DRIZZLE_OPTIONS }), { migrationsFolder });
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, ...DRIZZLE_OPTIONS }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      if (await migrationsApplied(db)) return;
      // Several processes may start at once on one database: one migrates, the rest wait.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: conn, ...DRIZZLE_OPTIONS }), { migrationsFolder });
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    appliedMigrations: async () => Number((await pool.query<{ n: number }>(COUNT_MIGRATIONS)).rows[0]?.n ?? 0),
    close: () => pool.end(),
  };
}

/**
 * True when the newest migration in the journal is applied: the migrator would
 * do nothing, and skipping it spares reading and hashing every SQL file. The
 * migrator orders by the journal's `when`, stored as `created_at`.
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  const newest = Math.max(...migrationJournal().entries.map((e) => e.when));
  const result = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!rowsOf<{ present: boolean }>(result)[0]?.present) return false;
  const applied = await db.execute(sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ newest: string | null }>(applied)[0]?.newest ?? 0) >= newest;
}

let journal: { entries: { when: number }[] } | undefined;
function migrationJournal() {
  journal ??= JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal;
}

const COUNT_MIGRATIONS = 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations';

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
