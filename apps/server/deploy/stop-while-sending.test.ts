import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/database';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../src/test/estate';
import { killGroup, overHttp, requireBuild, startServer, type ServerProcess } from './server-process';

/** pg_control's DBState (src/include/catalog/pg_control.h), an int32 after the system id and two version numbers. */
const DB_SHUTDOWNED = 1;
async function clusterState(dataDir: string): Promise<number> {
  return (await readFile(path.join(dataDir, 'global', 'pg_control'))).readInt32LE(16);
}

/**
 * SIGTERM while a receipt SMS hangs at the provider: the server waits for the
 * send up to its bound, then closes the database and exits 0. The data
 * directory is left shut down, not "in production" as after a crash.
 */
describe('stopping while a notice is being sent', () => {
  let work: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let agency: Agency;
  let tenancyId: number;
  const held: http.ServerResponse[] = [];
  let smsAsked!: () => void;
  const smsArrived = new Promise<void>((resolve) => (smsAsked = resolve));
  // Africa's Talking that takes the request and never answers.
  const hanging = http.createServer((_req, res) => {
    held.push(res);
    smsAsked();
  });

  beforeAll(async () => {
    requireBuild();
    work = await mkdtemp(path.join(tmpdir(), 'makazi-stop-sending-'));
    dataDir = path.join(work, 'data');
    const app = await buildApp(
      { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined, deliverNotices: false },
      { database: await openPglite(dataDir) },
    );
    agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    await app.close();
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await killGroup(server);
    for (const res of held) res.destroy();
    await new Promise((resolve) => hanging.close(resolve));
    await rm(work, { recursive: true, force: true });
  });

  it('SIGTERM during a hanging send stops cleanly and leaves the database shut down', async () => {
    const { port } = hanging.address() as AddressInfo;
    server = await startServer('node', ['apps/server/dist/server.js'], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AT_SMS_BASE_URL: `http://127.0.0.1:${port}`,
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'test-key',
    });
    const paid = await pay(overHttp(server.url, undefined as unknown as Database), agency, tenancyId, '1,500', 'stop-while-sending');
    expect(paid.statusCode, paid.body).toBe(200);
    await smsArrived;

    const signalled = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const logs = server.logs.join('\n');
    expect(logs).not.toContain('shutdown took too long');
    expect(logs).toContain('stopped: database closed, data directory released');
    // The send's own bound (15 s at the SMS client) is longer than the stop's: the stop did not wait it out.
    expect(Date.now() - signalled).toBeLessThan(25_000);
    expect(await clusterState(dataDir)).toBe(DB_SHUTDOWNED);
  });
});
