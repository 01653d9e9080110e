// `npm run backup -- FILE`: a copy of the database in FILE, readable only by
// its owner, without sessions or the signing key, encrypted when
// BACKUP_PASSPHRASE is set. PGlite's copy is its rows put into a new database
// (see scrubbedDump): its raw files would still hold deleted secrets. PGlite (DATA_DIR): taken by the running server if
// there is one, else directly, its books checked first. PostgreSQL: pg_dump.
import path from 'node:path';
import { BackupFileError, sealBackup, writePrivateFile } from '../backup/backup-file';
import { requestBackup } from '../backup/backup-socket';
import { BackupRefused, hasDatabase, scrubbedDump } from '../backup/pglite-backup';
import { dumpPostgres } from '../backup/postgres-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openPglite } from '../db/database';
import { readPgliteTemplate } from '../db/pglite-template';

async function main(args: string[]) {
  const [target] = args;
  if (!target) {
    console.error('Usage: npm run backup -- FILE');
    return 2;
  }
  process.umask(0o077);
  const config = loadConfig();
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const sealed = config.backupPassphrase ? ', encrypted with BACKUP_PASSPHRASE' : '';
  if (config.database.kind === 'postgres') {
    const dump = await dumpPostgres(config.database.url);
    await writePrivateFile(file, await sealBackup(dump, config.backupPassphrase));
    console.log(`Backup of PostgreSQL (DATABASE_URL) taken with pg_dump: ${file} (${dump.length} bytes${sealed}; no sessions or keys).`);
    return 0;
  }
  const dataDir = config.database.dataDir!;
  if (!hasDatabase(dataDir)) throw new BackupRefused(`There is no database in ${dataDir} (DATA_DIR).`);
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
  const { bytes, report } = await scrubbedDump(dump, await readPgliteTemplate());
  if (report.problems.length > 0) throw new BackupRefused(`Not written: the copy's ledger is unsound: ${report.problems.join('; ')}`);
  await writePrivateFile(file, await sealBackup(bytes, config.backupPassphrase));
  console.log(
    `Backup of ${dataDir} taken ${by}: ${file} (${bytes.length} bytes${sealed}, ${report.migrations} migrations, ` +
      `${report.tenancies} tenancies, ${report.transactions} journal transactions; ledger checks passed; no sessions or keys).`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected =
      error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupRefused || error instanceof BackupFileError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
