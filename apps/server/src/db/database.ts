import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
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
import { securePgliteDir } from './data-dir-modes';
import { readPgliteTemplate } from './pglite-template';
import { statementsTakeTurns } from './pglite-turns';
import { grantAppRole } from './privileges';
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
  /** PGlite only: the whole data directory as a gzipped tarball, taken between transactions. */
  dump?(): Promise<Uint8Array>;
  /** What the operator should hear at start (a data directory others can read, say). */
  warnings?: string[];
  /**
   * Who acts, for a write made outside a transaction: `actor()` answers the
   * JSON the audit trigger reads from `makazi.actor`, or undefined when no one
   * does. Such a write is then wrapped in a transaction that sets it first.
   */
  attributeWrites(actor: () => string | undefined): void;
  /** PostgreSQL: where the pool reports a connection lost while idle (logged, never fatal). */
  onConnectionError?(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' } as const;
/** Any fixed number: it only has to be the same in every process. */
const MIGRATION_LOCK_KEY = 7_204_610;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url, config.migrationUrl, config.poolSize, config.namedStatements);
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
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB', '-c', 'checkpoint_timeout=60s'];

export interface PgliteOptions {
  /** A data directory dumped by `dumpPglite`: opened as is, without initdb. */
  template?: Blob;
}

/** `dataDir` undefined means in memory: tests and benchmarks. */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  const lock = dataDir ? await acquireDataDirLock(dataDir) : undefined;
  try {
    const client = await createPgliteClient({
      ...(dataDir ? { dataDir } : {}),
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
    const database = wrapPglite(client, { checkpointOnClose: Boolean(dataDir), onClose: () => lock?.release() });
    if (dataDir) {
      const { warning } = await securePgliteDir(dataDir);
      if (warning) database.warnings = [warning];
    }
    return database;
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * Every PGlite the app opens: pg_trgm backs the "contains" searches (migration
 * 0008) and btree_gin puts the agency in front of the trigrams (0023), as on PostgreSQL.
 */
export function createPgliteClient(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({ ...options, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS], extensions: { pg_trgm, btree_gin } }).then(
    statementsTakeTurns,
  );
}

export function wrapPglite(client: PGlite, options: { checkpointOnClose: boolean; onClose?: () => Promise<void> | undefined }): Database {
  const db = drizzlePglite({ client, ...DRIZZLE_OPTIONS }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    attributeWrites(actor) {
      // Drizzle sends a query made outside a transaction through client.query; a transaction's own go through its handle.
      const plain = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      client.query = ((...args: unknown[]) => {
        const who = isWrite(args[0]) ? actor() : undefined;
        if (!who) return plain(...args);
        return client.transaction(async (tx) => {
          await tx.query(SET_ACTOR, [who]);
          return (tx.query as (...a: unknown[]) => Promise<unknown>)(...args);
        });
      }) as PGlite['query'];
    },
    async migrate() {
      if (await migrationsApplied(db)) return;
      await migratePglite(drizzlePglite({ client, ...DRIZZLE_OPTIONS }), { migrationsFolder });
      await client.query(ATTACH_AUDIT);
    },
    // Straight to the driver: /api/health asks on every probe, and the query
    // builder's round trip on PGlite costs several times the query itself.
    appliedMigrations: async () => Number((await client.query<{ n: number }>(COUNT_MIGRATIONS)).rows[0]?.n ?? 0),
    dump: () => dumpPglite(client),
    async close() {
      try {
        if (options.checkpointOnClose) await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        await options.onClose?.();
      }
    },
  };
}

/**
 * A consistent copy while the server runs: PGlite runs one transaction at a
 * time, so inside one of its own no other is half done while the files are
 * read, and the checkpoint first puts everything committed into the data files.
 */
async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  const file = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * A migrated, empty in-memory database as an uncompressed tarball: initdb in
 * WASM costs seconds, loading this costs a fraction of one.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await createPgliteClient({});
  try {
    await migratePglite(drizzlePglite({ client, ...DRIZZLE_OPTIONS }), { migrationsFolder });
    await client.query(ATTACH_AUDIT);
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * `migrationUrl` (MIGRATION_DATABASE_URL): migrations run as that role, the
 * owner of the tables, which then grants the role of `url` what the app needs
 * and no more (see privileges.ts).
 */
export async function openPostgres(url: string, migrationUrl?: string, poolSize = 10, namedStatements = true): Promise<Database> {
  // While PostgreSQL is away a request gets a 503 and Retry-After instead of
  // hanging, and the pool connects anew by itself once the database is back.
  // The timeout also bounds a request's wait for a free client when all are
  // busy: a burst of postings queued on the receipt counter must not turn into
  // 503s. A database that is down refuses at once and still answers 503 fast.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 30_000, keepAlive: true });
  let listener: (error: Error) => void = () => undefined;
  // Without a listener, an idle connection dropped by a PostgreSQL restart or
  // pg_terminate_backend is an unhandled 'error' event that ends the process.
  // The pool has already discarded that client; the next query opens a new one.
  pool.on('error', (error) => listener(error));
  // The pool listens to a client only while it is idle. A client checked out
  // for a transaction when PostgreSQL goes away also emits 'error' (its query
  // fails as well); unheard, that event ends the process. The pool drops the
  // broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => listener(error));
    if (!namedStatements) unnameStatements(client);
  });
  const db = retryingDeadlocks(drizzlePg({ client: pool, ...DRIZZLE_OPTIONS }) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    attributeWrites(actor) {
      // Drizzle sends a query made outside a transaction through pool.query; a transaction holds a client of its own.
      const plain = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      pool.query = (async (...args: unknown[]) => {
        const who = isWrite(args[0]) ? actor() : undefined;
        if (!who) return plain(...args);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(SET_ACTOR, [who]);
          const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }) as typeof pool.query;
    },
    onConnectionError(next) {
      listener = next;
    },
    async migrate() {
      const owner = migrationUrl ? new pg.Client({ connectionString: migrationUrl }) : undefined;
      await owner?.connect();
      const conn = owner ?? (await pool.connect());
      try {
        // Several processes may start at once on one database: one migrates, the rest wait.
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: conn, ...DRIZZLE_OPTIONS }), { migrationsFolder });
        await conn.query(ATTACH_AUDIT);
        if (owner) {
          const app = (await pool.query<{ role: string }>('SELECT current_user AS role')).rows[0]!.role;
          const self = (await owner.query<{ role: string }>('SELECT current_user AS role')).rows[0]!.role;
          if (app !== self) await grantAppRole(owner, app);
        }
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        if (owner) await owner.end();
        else (conn as pg.PoolClient).release();
      }
    },
    appliedMigrations: () => countMigrations(db),
    close: () => pool.end(),
  };
}

/**
 * Sends every statement of this client unnamed: each is parsed and planned on
 * its own, and nothing is left on a server connection that a transaction-mode
 * PgBouncer will lend to another client next.
 */
function unnameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...unnamed } = config as Record<string, unknown>;
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}

const SET_ACTOR = "SELECT set_config('makazi.actor', $1, true)";
const WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

/** A statement that may change rows (a `with` may hold an insert); the text alone is enough to tell. */
function isWrite(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && WRITE.test(text);
}

const COUNT_MIGRATIONS = 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations';
/** Tables made by later migrations join the audit trail (0021) as soon as they exist. */
const ATTACH_AUDIT = 'SELECT audit_attach_all()';

async function countMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql.raw(COUNT_MIGRATIONS));
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * True when the newest migration in the journal is applied: the migrator would
 * do nothing, and skipping it spares reading and hashing every SQL file at each
 * start of the embedded database. The migrator orders by the journal's `when`,
 * stored as `created_at`.
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

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const RETRIED_SQLSTATES = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 3;

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/**
 * A transaction PostgreSQL chose as a deadlock's victim (or a serialization
 * failure) was rolled back whole, so it is run again from the start: postings
 * on one tenancy from several paths at once (a receipt, a reversal, the run)
 * may take their row locks in different orders. Everything such a transaction
 * does is in the database, so running it again is safe.
 */
function retryingDeadlocks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const retrying = (async (...args: Parameters<typeof transaction>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !RETRIED_SQLSTATES.has(sqlState(error) ?? '')) throw error;
      }
    }
  }) as typeof db.transaction;
  return Object.assign(db, { transaction: retrying });
}
