import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
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

  it('tightens everything inside to 0700/0600, and names a directory others may read in a warning at start', async () => {
    await chmod(dir, 0o755);
    const first = await open(dir);
    expect(first.warnings).toEqual([`The data directory ${dir} can be read or entered by other users (mode 0755): run chmod 700 ${dir}`]);
    await first.close();
    const loose: string[] = [];
    const walk = async (d: string): Promise<void> => {
      for (const entry of await readdir(d, { withFileTypes: true })) {
        const full = path.join(d, entry.name);
        if (entry.isSymbolicLink()) continue;
        const mode = (await lstat(full)).mode & 0o777;
        if (entry.isDirectory()) {
          if (mode !== 0o700) loose.push(`${full} ${mode.toString(8)}`);
          await walk(full);
        } else if ((mode & 0o077) !== 0) loose.push(`${full} ${mode.toString(8)}`);
      }
    };
    await walk(dir);
    expect(loose).toEqual([]);
    // The directory itself is the operator's to change; once they have, the warning goes.
    expect((await lstat(dir)).mode & 0o777).toBe(0o755);
    await chmod(dir, 0o700);
    const second = await openPglite(dir);
    expect(second.warnings ?? []).toEqual([]);
    await second.close();
  });

  it('says so in the log when the server starts on a directory others may read', async () => {
    await chmod(dir, 0o750);
    const lines: string[] = [];
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), webDist: undefined, deliverNotices: false, recoverStk: false };
    const app = await buildApp(config, { database: await open(dir), logStream: { write: (line: string) => void lines.push(line) } });
    await app.close();
    expect(lines.join('\n')).toContain(`The data directory ${dir} can be read or entered by other users (mode 0750)`);
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
