// `npm run restore -- FILE`: puts a backup from `npm run backup` back. PGlite:
// replaces DATA_DIR once the copy's books check out, refused while a server
// runs on it; the data it replaces is moved aside, not deleted. PostgreSQL:
// pg_restore into DATABASE_URL. Either way the signing key is made anew, so no
// token or session from before the restore works.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupFileError, openBackup } from '../backup/backup-file';
import { BackupRefused, restoreDump } from '../backup/pglite-backup';
import { restorePostgres } from '../backup/postgres-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';

async function main(args: string[]) {
  const [source] = args;
  if (!source) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  process.umask(0o077);
  const config = loadConfig();
  const file = new Uint8Array(await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), source)));
  const dump = await openBackup(file, config.backupPassphrase);
  if (config.database.kind === 'postgres') {
    await restorePostgres(config.database.url, dump);
    console.log(`Restored PostgreSQL (DATABASE_URL) from ${source} with pg_restore; every session from before has ended.`);
    return 0;
  }
  const dataDir = config.database.dataDir!;
  const report = await restoreDump(dataDir, dump);
  console.log(
    `Restored ${dataDir} from ${source}: ${report.tenancies} tenancies, ${report.transactions} journal transactions; ledger checks passed.` +
      (report.previous ? `\nThe data it replaced is in ${report.previous}.` : ''),
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
