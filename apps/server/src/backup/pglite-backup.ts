import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock, LOCK_FILE } from '../db/data-dir-lock';
import { createPgliteClient, wrapPglite, type Database } from '../db/database';
import { securePgliteDir } from '../db/data-dir-modes';
import { checkLedger, type LedgerCheck } from '../modules/ledger/invariants';
import { privateTarball } from './backup-file';

export class BackupRefused extends Error {}

export interface DumpReport extends LedgerCheck {
  migrations: number;
}

/**
 * What a backup must not carry: whoever holds the file could otherwise sign
 * access tokens the running server accepts (the signing key) or ride live
 * sessions. Password hashes stay: the people must still sign in after a restore.
 */
async function forgetSessions(database: Database): Promise<void> {
  await database.db.execute(sql`DELETE FROM refresh_tokens`);
  await database.db.execute(sql`UPDATE sessions SET ended_at = now(), end_reason = 'expired' WHERE ended_at IS NULL`);
  await database.db.execute(sql`DELETE FROM server_secrets`);
  await database.db.execute(sql`DELETE FROM email_codes`);
  await database.db.execute(sql`DELETE FROM rate_limits`);
}

/**
 * What a backup copy drops before its rows leave: the secrets as
 * `forgetSessions` does, and the sessions themselves, which a restore would end
 * anyway. The sign-in history stays in the audit trail, but not the session ids
 * it is keyed by: each becomes its SHA-256, still one name per session.
 * Triggers sleep meanwhile: the forgetting is no one's act to audit.
 */
async function dropSecretsFromCopy(database: Database): Promise<void> {
  await database.db.execute(sql`SET session_replication_role = replica`);
  for (const table of ['refresh_tokens', 'sessions', 'server_secrets', 'email_codes', 'rate_limits']) {
    await database.db.execute(sql.raw(`DELETE FROM ${table}`));
  }
  await database.db.execute(sql`
    UPDATE audit_events
       SET record_id = 'sha256:' || encode(sha256(convert_to(record_id, 'UTF8')), 'hex'),
           changes = changes - 'session_id'
     WHERE table_name IN ('sessions', 'refresh_tokens')`);
  await database.db.execute(sql`SET session_replication_role = DEFAULT`);
}

/**
 * The copy a backup file holds. PGlite's own copy of its data directory is
 * its raw pages and write-ahead log: a row deleted from it is still in a dead
 * tuple, a free page or a recycled WAL segment, and so were the signing key and
 * live sessions. So the copy is opened in memory, its sessions and secrets
 * dropped there, its books checked, and its rows (not its files) put into a
 * new database that never held a secret: the migrated template, or initdb and
 * the migrations without one. That database's files, as a private tarball
 * (relative names, owner-only modes), are the backup: `restoreDump` reads it
 * as it always did.
 */
export async function scrubbedDump(dump: Uint8Array, template?: Blob): Promise<{ bytes: Uint8Array; report: DumpReport }> {
  const client = await createPgliteClient({ loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  const source = wrapPglite(client, { checkpointOnClose: false });
  try {
    // The new database has every migration; so must the rows put into it.
    await source.migrate();
    await dropSecretsFromCopy(source);
    const report = { ...(await checkLedger(source.db)), migrations: await source.appliedMigrations() };
    const targetClient = await createPgliteClient(template ? { loadDataDir: template } : {});
    const target = wrapPglite(targetClient, { checkpointOnClose: false });
    try {
      await target.migrate();
      await copyRows(client, targetClient);
      await targetClient.exec('CHECKPOINT');
      const file = await targetClient.dumpDataDir('gzip');
      return { bytes: await privateTarball(new Uint8Array(await file.arrayBuffer())), report };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every row of every table, and every sequence's place, from one database to
 * another of the same migrations. COPY in binary, column by column by name
 * (generated columns are made again); triggers and foreign keys sleep while
 * it runs, as in a restore, so the audit trail gains nothing and order does
 * not matter.
 */
async function copyRows(from: PGlite, to: PGlite): Promise<void> {
  const tables = (
    await from.query<{ schema: string; name: string; columns: string[] }>(`
      SELECT n.nspname AS schema, c.relname AS name,
             array_agg(a.attname::text ORDER BY a.attnum) AS columns
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
       GROUP BY n.nspname, c.relname`)
  ).rows;
  const sequences = (
    await from.query<{ name: string }>(`
      SELECT format('%I.%I', n.nspname, c.relname) AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'S' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'`)
  ).rows;
  await to.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    // What the migrations put in the new database (catalogues, say) comes again from the copy.
    if (tables.length > 0) await tx.exec(`TRUNCATE ${tables.map((t) => `${quoted(t.schema)}.${quoted(t.name)}`).join(', ')}`);
    for (const table of tables) {
      const name = `${quoted(table.schema)}.${quoted(table.name)}`;
      const columns = table.columns.map(quoted).join(', ');
      const out = await from.query(`COPY ${name} (${columns}) TO '/dev/blob' WITH (FORMAT binary)`);
      if (!out.blob) throw new BackupRefused(`could not read ${table.schema}.${table.name} from the copy`);
      await tx.query(`COPY ${name} (${columns}) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: out.blob });
    }
    for (const { name } of sequences) {
      const place = (await from.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${name}`)).rows[0]!;
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, place.last_value, place.is_called]);
    }
  });
}

/** Opens a dump in memory and checks its books: what a restore of it would hold. */
export async function verifyDump(dump: Uint8Array): Promise<DumpReport> {
  const database = wrapPglite(await createPgliteClient({ loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) }), {
    checkpointOnClose: false,
  });
  try {
    return { ...(await checkLedger(database.db)), migrations: await database.appliedMigrations() };
  } finally {
    await database.close();
  }
}

export function hasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Replaces the data directory with a dump, after checking the dump's books.
 * Refused while a server holds the directory. What was there is moved aside
 * (`<DATA_DIR>.before-restore-<time>`), never deleted.
 */
export async function restoreDump(dataDir: string, dump: Uint8Array): Promise<DumpReport & { previous: string | undefined }> {
  const checked = await verifyDump(dump);
  if (checked.problems.length > 0) throw new BackupRefused(`The backup's ledger is unsound: ${checked.problems.join('; ')}`);
  const lock = await acquireDataDirLock(dataDir);
  try {
    let previous: string | undefined;
    const entries = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (entries.length > 0) {
      previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await mkdir(previous, { mode: 0o700 });
      for (const name of entries) await rename(path.join(dataDir, name), path.join(previous, name));
    }
    const client = await createPgliteClient({ dataDir, loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
    const database = wrapPglite(client, { checkpointOnClose: true });
    try {
      await database.migrate();
      // A new signing key: no token or session from before the restore works after it.
      await forgetSessions(database);
      const restored = await checkLedger(database.db);
      if (restored.problems.length > 0) throw new BackupRefused(`The restored ledger is unsound: ${restored.problems.join('; ')}`);
      return { ...restored, migrations: await database.appliedMigrations(), previous };
    } finally {
      await database.close();
      await securePgliteDir(dataDir);
    }
  } finally {
    await lock.release();
  }
}
