// `npm run backup -- FILE`: a copy of the embedded database (PGlite in DATA_DIR)
// in FILE, taken by the running server if there is one, else directly. The
// copy's books are checked before it is written. PostgreSQL: pg_dump (README).
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { requestBackup } from '../backup/backup-socket';
import { BackupRefused, hasDatabase, verifyDump } from '../backup/pglite-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openPglite } from '../db/database';

async function main(args: string[]) {
  const [target] = args;
  if (!target) {
    console.error('Usage: npm run backup -- FILE');
    return 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (README, "Backups").');
    return 2;
  }
  const dataDir = config.database.dataDir!;
  if (!hasDatabase(dataDir)) throw new BackupRefused(`There is no database in ${dataDir} (DATA_DIR).`);
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);

  let dump: Uint8Array;
  let by: string;
  try {
    const database = await openPglite(dataDir);
    try {
      dump = await database.dump!();
    } finally {
      await database.close();
    }
    by = 'directly (no server running)';
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    dump = await requestBackup(dataDir);
    by = 'by the running server';
  }

  const report = await verifyDump(dump);
  if (report.problems.length > 0) throw new BackupRefused(`Not written: the copy's ledger is unsound: ${report.problems.join('; ')}`);
  const partial = `${file}.partial`;
  await writeFile(partial, dump);
  await rename(partial, file);
  console.log(
    `Backup of ${dataDir} taken ${by}: ${file} (${dump.length} bytes, ${report.migrations} migrations, ` +
      `${report.tenancies} tenancies, ${report.transactions} journal transactions; ledger checks passed).`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupRefused;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
