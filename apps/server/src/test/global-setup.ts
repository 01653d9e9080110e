import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openPostgres } from '../db/database';
import { createLeastPrivilegeRoles, dropDatabase, roleUrl, TEST_ROLES, withAdmin } from './postgres-admin';


/**
 * Creates and migrates one database for the whole run, so each test file
 * starts from a copy instead of paying initdb and every migration itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `makazi_template_${randomBytes(6).toString('hex')}`;
    // Migrated by the owner role, which grants the app role its share: copies keep both.
    await createLeastPrivilegeRoles(adminUrl);
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} OWNER ${TEST_ROLES.owner}`));
    const template = await openPostgres(roleUrl(adminUrl, name, TEST_ROLES.app), roleUrl(adminUrl, name, TEST_ROLES.owner));
    try {
      await template.migrate();
    } finally {
      await template.close();
    }
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => dropDatabase(adminUrl, name);
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'makazi-test-template-'));
  const file = path.join(dir, 'pglite.tar');
  const dump = await dumpMigratedPglite();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}
