import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock';
import { openPglite } from './database';
import { mailOutbox } from './schema';

describe('PGlite data directory', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'makazi-data-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps its data across a stop and a restart', async () => {
    const first = await openPglite(dir);
    await first.migrate();
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
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.db.execute(sql`SELECT 1`);
    await again.close();
  });

  it('takes over a lock left behind by a process that died', async () => {
    await writeFile(path.join(dir, '.makazi.lock'), '999999999');
    const database = await openPglite(dir);
    await database.close();
  });
});
