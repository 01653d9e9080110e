import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from '../src/db/data-dir-lock';
import { openPglite } from '../src/db/database';
import { mailOutbox } from '../src/db/schema';
import { killGroup, requireBuild, startServer, type ServerProcess } from './server-process';

/**
 * A process manager (systemd, docker stop, pm2) sends SIGTERM to the process it
 * started — npm here; a terminal's Ctrl-C sends SIGINT to the whole group.
 * Either way node must hear it, checkpoint, close PGlite and free the lock.
 */
describe('stopping the PGlite server', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const kept: string[] = [];

  beforeAll(async () => {
    requireBuild();
    dataDir = await mkdtemp(path.join(tmpdir(), 'makazi-signals-'));
  });
  afterAll(async () => {
    await killGroup(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (script: 'start' | 'serve') => {
    server = await startServer('npm', ['run', '--silent', script], { DATA_DIR: dataDir, DATABASE_URL: '' });
    const nodePid = Number((await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).trim());
    expect(nodePid).not.toBe(server.child.pid);
    // Something to keep: a code request writes a mail to the outbox.
    const email = `stop-${kept.length}-${Date.now()}@example.com`;
    const res = await fetch(`${server.url}/api/client/getOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, FullName: 'Juma Mwangi' }),
    });
    expect(res.status).toBe(200);
    return { server, nodePid, email };
  };

  const expectCleanStop = async (s: ServerProcess, nodePid: number, signal: string) => {
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.logs.some((l) => l.includes(`"signal":"${signal}"`) && l.includes('shutting down'))).toBe(true);
    expect(s.logs.some((l) => l.includes('stopped: database closed, data directory released'))).toBe(true);
    expect(() => process.kill(nodePid, 0)).toThrow(/ESRCH/);
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  };

  it('npm start builds, then SIGTERM to npm stops node cleanly', async () => {
    const { server: s, nodePid, email } = await start('start');
    process.kill(s.child.pid!, 'SIGTERM');
    await expectCleanStop(s, nodePid, 'SIGTERM');
    kept.push(email);
  });

  it('npm run serve: SIGINT to npm stops node cleanly', async () => {
    const { server: s, nodePid, email } = await start('serve');
    process.kill(s.child.pid!, 'SIGINT');
    await expectCleanStop(s, nodePid, 'SIGINT');
    kept.push(email);
  });

  it('npm run serve: SIGTERM to node itself stops it cleanly and npm with it', async () => {
    const { server: s, nodePid, email } = await start('serve');
    process.kill(nodePid, 'SIGTERM');
    await expectCleanStop(s, nodePid, 'SIGTERM');
    kept.push(email);
  });

  it('npm run serve: Ctrl-C (SIGINT to the whole group, forwarded again by npm) stops it cleanly once', async () => {
    const { server: s, nodePid, email } = await start('serve');
    process.kill(-s.child.pid!, 'SIGINT');
    await expectCleanStop(s, nodePid, 'SIGINT');
    expect(s.logs.filter((l) => l.includes('shutting down'))).toHaveLength(1);
    kept.push(email);
  });

  it('after a kill -9 of node the next start takes the lock without help', async () => {
    const { server: s, nodePid } = await start('serve');
    process.kill(nodePid, 'SIGKILL');
    await s.exited;
    const { server: next } = await start('serve');
    process.kill(next.child.pid!, 'SIGTERM');
    expect((await next.exited).code).toBe(0);
  });

  it('kept every cleanly stopped run’s writes', async () => {
    expect(kept).toHaveLength(4);
    const database = await openPglite(dataDir);
    const rows = await database.db.select({ to: mailOutbox.recipient }).from(mailOutbox).where(inArray(mailOutbox.recipient, kept));
    await database.close();
    expect(rows.map((r) => r.to).sort()).toEqual([...kept].sort());
  });
});
