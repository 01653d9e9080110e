import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, rowsOf, type Database } from '../src/db/database';
import { checkLedger } from '../src/modules/ledger/invariants';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../src/test/estate';
import { killGroup, overHttp, repoRoot, requireBuild, startServer, type ServerProcess } from './server-process';

/** `npm run backup` / `npm run restore` as a landlord types them, in the repository folder. */
function npmRun(script: 'backup' | 'restore', file: string, dataDir: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const receipts = async (database: Database) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE kind = 'receipt'`))[0]!.n);

describe('npm run backup and npm run restore on the embedded database', () => {
  let work: string;
  let dataDir: string;
  let file: string;
  let server: ServerProcess | undefined;
  let agency: Agency;
  let tenancyId: number;

  beforeAll(async () => {
    requireBuild();
    work = await mkdtemp(path.join(tmpdir(), 'makazi-backup-'));
    dataDir = path.join(work, 'data');
    file = path.join(work, 'makazi.backup.tar.gz');
    // The landlord's books so far: one tenancy, two payments.
    const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined }, { database: await openPglite(dataDir) });
    agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    for (const key of ['first-payment', 'second-payment']) expect((await pay(app, agency, tenancyId, '2,000', key)).statusCode).toBe(200);
    await app.close();
  });
  afterAll(async () => {
    await killGroup(server);
    await rm(work, { recursive: true, force: true });
  });

  it('the running server takes the backup while payments keep arriving', async () => {
    server = await startServer('node', ['apps/server/dist/server.js'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    const http = overHttp(server.url, undefined as unknown as Database);
    const paying = (async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await pay(http, agency, tenancyId, '100', `during-backup-${i}`)).statusCode);
      return codes;
    })();
    const backup = await npmRun('backup', file, dataDir);
    expect(await paying).toEqual(Array.from({ length: 8 }, () => 200));
    expect(backup.out).toContain('taken by the running server');
    expect(backup.out).toContain('ledger checks passed');
    expect(backup.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(backup.out).toContain('no sessions or keys');
    expect(server.logs.some((l) => l.includes('backup taken'))).toBe(true);
  });

  it('restore is refused while the server runs', async () => {
    const restore = await npmRun('restore', file, dataDir);
    expect(restore.code).toBe(1);
    expect(restore.out).toMatch(/in use by another Makazi server \(pid \d+\)/);
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  });

  it('once the server has stopped, restore brings back the books as backed up, sound', async () => {
    process.kill(server!.child.pid!, 'SIGTERM');
    expect((await server!.exited).code).toBe(0);
    const restore = await npmRun('restore', file, dataDir);
    expect(restore.out).toContain('ledger checks passed');
    expect(restore.out).toMatch(/The data it replaced is in .*data\.before-restore-/);
    expect(restore.code).toBe(0);

    const restored = await openPglite(dataDir);
    const n = await receipts(restored);
    const { problems } = await checkLedger(restored.db);
    await restored.close();
    expect(problems).toEqual([]);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(10);
  });

  it('with no server running, backup opens the data directory itself', async () => {
    const again = await npmRun('backup', `${file}.2`, dataDir);
    expect(again.out).toContain('directly (no server running)');
    expect(again.code).toBe(0);
  });
});
