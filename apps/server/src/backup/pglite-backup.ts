import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
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
 * The copy a backup file holds: the dump opened in memory, its sessions and
 * secrets dropped, its books checked, and written out again as a private
 * tarball (relative names, owner-only modes).
 */
export async function scrubbedDump(dump: Uint8Array): Promise<{ bytes: Uint8Array; report: DumpReport }> {
  const client = await createPgliteClient({ loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  const database = wrapPglite(client, { checkpointOnClose: false });
  try {
    await forgetSessions(database);
    const report = { ...(await checkLedger(database.db)), migrations: await database.appliedMigrations() };
    await client.exec('CHECKPOINT');
    const file = await client.dumpDataDir('gzip');
    return { bytes: await privateTarball(new Uint8Array(await file.arrayBuffer())), report };
  } finally {
    await database.close();
  }
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
