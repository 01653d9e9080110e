// `npm run restore -- FILE`: replaces the embedded database (PGlite in DATA_DIR)
// with a backup from `npm run backup`, once its books check out. Refused while a
// server runs on DATA_DIR. The data it replaces is moved aside, not deleted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupRefused, restoreDump } from '../backup/pglite-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';

async function main(args: string[]) {
  const [source] = args;
  if (!source) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups").');
    return 2;
  }
  const dataDir = config.database.dataDir!;
  const dump = new Uint8Array(await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), source)));
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
    const expected = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupRefused;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
