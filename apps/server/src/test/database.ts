import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/database';
import { dropDatabase, withAdmin } from './postgres-admin';

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
 * A fresh, empty database for one test file: in-memory PGlite loaded
 * from the run's template (global-setup.ts), or on PostgreSQL a database of its
 * own copied from the run's template database (dropped on close), so files run
 * in parallel untouched by each other's data. Outside vitest it is empty and
 * unmigrated: `buildApp` migrates it.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = provided('pgliteTemplate');
    if (!file) return openPglite(undefined);
    pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
    return openPglite(undefined, { template: await pgliteTemplate });
  }

  const name = `makazi_test_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
