import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock, LOCK_FILE } from '../db/data-dir-lock';
import { createPgliteClient, wrapPglite } from '../db/database';
import { checkLedger, type LedgerCheck } from '../modules/ledger/invariants';

export class BackupRefused extends Error {}

export interface DumpReport extends LedgerCheck {
  migrations: number;
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
      await mkdir(previous);
      for (const name of entries) await rename(path.join(dataDir, name), path.join(previous, name));
    }
    const client = await createPgliteClient({ dataDir, loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
    const database = wrapPglite(client, { checkpointOnClose: true });
    try {
      await database.migrate();
      const restored = await checkLedger(database.db);
      if (restored.problems.length > 0) throw new BackupRefused(`The restored ledger is unsound: ${restored.problems.join('; ')}`);
      return { ...restored, migrations: await database.appliedMigrations(), previous };
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}
