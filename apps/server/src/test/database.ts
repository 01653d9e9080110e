import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/database';
import { createLeastPrivilegeRoles, dropDatabase, roleUrl, TEST_ROLES, withAdmin } from './postgres-admin';

export { roleUrl, TEST_ROLES } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data directory; every test file loads a copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database every test file's database is created from. */
    postgresTemplate: string;
  }
}

/** Which database the API suite runs on: `npm test` → PGlite, `npm run test:pg` → PostgreSQL. */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** What global-setup.ts provided; nothing outside vitest (the benchmark opens databases too). */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  return process.env.VITEST ? inject(key) : '';
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The run's migrated PGlite data directory, read once per worker: what a new
 * data directory starts from, as the server's first start does with the
 * template `npm run build` writes. Undefined outside a PGlite run.
 */
export function runPgliteTemplate(): Promise<Blob | undefined> {
  const file = provided('pgliteTemplate');
  if (!file) return Promise.resolve(undefined);
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite loaded
 * from the run's template (global-setup.ts), or on PostgreSQL a database of its
 * own copied from the run's template database (dropped on close), so files run
 * in parallel untouched by each other's data. Outside vitest it is empty and
 * unmigrated: `buildApp` migrates it.
 *
 * On PostgreSQL it is set up as deployed with least privilege: owned by one
 * role that migrates (MIGRATION_DATABASE_URL), used by another that may only
 * read and append to the journal (DATABASE_URL).
 */
export async function openTestDatabase(options: { appUrl?: (url: string) => string } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = await runPgliteTemplate();
    return openPglite(undefined, template ? { template } : {});
  }

  const name = `makazi_test_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  await createLeastPrivilegeRoles(adminUrl);
  await withAdmin(adminUrl, (c) =>
    c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''} OWNER ${TEST_ROLES.owner}`),
  );
  const appUrl = roleUrl(adminUrl, name, TEST_ROLES.app);
  const database = await openPostgres(options.appUrl?.(appUrl) ?? appUrl, roleUrl(adminUrl, name, TEST_ROLES.owner));
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
