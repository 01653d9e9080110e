import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock';
import { openPglite } from './database';
import { migrationsFolder } from '../paths';
import { mailOutbox } from './schema';

// Without the template (the PostgreSQL run builds none) each opening runs initdb in WASM: tens of seconds on a busy machine.
describe('PGlite data directory', { timeout: 120_000 }, () => {
  let dir: string;
  // A new data directory starts from the migrated template, as the server's first start does.
  // (The PostgreSQL run builds no PGlite template: there it runs initdb.)
  let template: Blob | undefined;
  const open = (d: string) => openPglite(d, template ? { template } : {});
  beforeAll(async () => {
    const file = inject('pgliteTemplate');
    if (file) template = new Blob([await readFile(file)]);
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'makazi-data-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('starts from the template with every migration applied, and keeps its data across a stop and a restart', async () => {
    const first = await open(dir);
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    if (template) expect(await first.appliedMigrations()).toBe(journal.entries.length);
    await first.migrate();
    expect(await first.appliedMigrations()).toBe(journal.entries.length);
    await first.db.insert(mailOutbox).values({ recipient: 'a@b.co', subject: 's', body: 'b', transport: 'log' });
    await first.close();

    const second = await openPglite(dir);
    await second.migrate();
    const rows = await second.db.select().from(mailOutbox);
    expect(rows.map((r) => r.recipient)).toEqual(['a@b.co']);
    expect(await second.appliedMigrations()).toBeGreaterThanOrEqual(1);
    await second.close();
  });

  it('refuses a second opening while the first is open', async () => {
    const first = await open(dir);
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.db.execute(sql`SELECT 1`);
    await again.close();
  });

  it('takes over a lock left behind by a process that died', async () => {
    await writeFile(path.join(dir, '.makazi.lock'), '999999999');
    const database = await open(dir);
    await database.close();
  });
});
