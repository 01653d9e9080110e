import { DATABASE_UNAVAILABLE_MESSAGE } from '@makazi/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { killGroup, requireBuild, startServer, type ServerProcess } from './server-process';

/**
 * The server on a PostgreSQL that goes away: an admin terminating its idle
 * connections, then a restart while requests keep coming. It must stay up,
 * answer 503 with Retry-After meanwhile (never 500, never a dropped
 * connection), and serve again by itself.
 */
let postgres: PrivatePostgres;
let server: ServerProcess;

const health = async () => {
  const res = await fetch(`${server.url}/api/health`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { status: string } };
};
/** A request that needs the database: a sign-in attempt with a wrong password. */
const signIn = async () => {
  const res = await fetch(`${server.url}/api/userauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'nobody@example.com', Password: 'not the password' }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message: string } };
};

beforeAll(async () => {
  requireBuild();
  postgres = await startPrivatePostgres();
  server = await startServer('node', ['apps/server/dist/server.js'], { DATABASE_URL: postgres.url, RATE_LIMIT_SCALE: '1000' });
});

afterAll(async () => {
  await killGroup(server);
  postgres?.destroy();
});

describe('surviving the database', () => {
  it('keeps running when an admin terminates its idle connections', async () => {
    for (let i = 0; i < 5; i++) expect((await health()).status).toBe(200);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = 'postgres'`);
    await admin.end();
    await new Promise((r) => setTimeout(r, 2_000));
    expect(server.child.exitCode).toBeNull();
    expect((await health()).status).toBe(200);
  });

  it('through a restart under load: 503 with Retry-After while away, serving again within seconds of its return', async () => {
    const seen: { status: number; retryAfter: string | null; message?: string }[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const [a, b] = await Promise.all([health(), signIn()]).catch((error: unknown) => {
          throw new Error(`a request got no answer: ${String(error)}\nthe server's last lines:\n${server.logs.slice(-20).join('\n')}`);
        });
        seen.push({ status: a.status, retryAfter: a.retryAfter }, { status: b.status, retryAfter: b.retryAfter, message: b.body.message });
      }
    })();
    await new Promise((r) => setTimeout(r, 1_000));
    postgres.stop();
    await new Promise((r) => setTimeout(r, 3_000));
    const away = await health();
    expect(away.status).toBe(503);
    expect(away.retryAfter).toBe('5');
    expect(away.body.status).toBe('degraded');
    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('5');
    expect(refused.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    postgres.start();
    const back = Date.now();
    while ((await health()).status !== 200) {
      expect(Date.now() - back).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    loading = false;
    await load;
    expect(server.child.exitCode).toBeNull();
    expect(seen.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    expect(seen.filter((s) => s.status === 503 && s.retryAfter !== '5')).toEqual([]);
    expect(seen.some((s) => s.status === 503)).toBe(true);
    expect((await signIn()).status).toBe(401);
  });
});
