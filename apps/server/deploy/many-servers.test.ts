import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from '../src/db/database';
import { journalTransactions } from '../src/db/schema';
import { signUp } from '../src/test/accounts';
import { agencyWithOwner, book, estate, pay, runInvoices, type Agency } from '../src/test/estate';
import { createLeastPrivilegeRoles, roleUrl, TEST_ROLES, withAdmin } from '../src/test/postgres-admin';
import { startNginx, startPgBouncer, type Running } from './front-door';
import { killGroup, overHttp, requireBuild, startServer, type ServerProcess } from './server-process';

/**
 * docs/deployment.md's shape for an agency that outgrows one machine: three
 * stateless app processes behind nginx, reaching PostgreSQL through PgBouncer
 * in transaction mode (each process's pool far above what PgBouncer lets
 * through to the server). Migrations go straight to PostgreSQL as the owner:
 * they hold a session's advisory lock, which transaction pooling cannot keep.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `makazi_many_${randomBytes(5).toString('hex')}`;
const SERVER_POOL = 4;

let bouncer: Running;
let nginx: Running;
let servers: ServerProcess[] = [];
let owner: Database;
let front: FastifyInstance;

beforeAll(async () => {
  requireBuild();
  await createLeastPrivilegeRoles(adminUrl);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} OWNER ${TEST_ROLES.owner}`));
  const server = new URL(adminUrl);
  bouncer = await startPgBouncer({ host: server.hostname, port: Number(server.port || 5432) }, name, [TEST_ROLES.app], SERVER_POOL);
  const throughBouncer = new URL(roleUrl(adminUrl, name, TEST_ROLES.app));
  throughBouncer.host = `127.0.0.1:${bouncer.port}`;
  const env = {
    DATABASE_URL: throughBouncer.toString(),
    MIGRATION_DATABASE_URL: roleUrl(adminUrl, name, TEST_ROLES.owner),
    DATABASE_POOL_SIZE: '10',
    DATABASE_NAMED_STATEMENTS: 'false',
    TRUST_PROXY: '127.0.0.1',
  };
  // One process runs the background work; the other two only answer requests (WORKERS=0).
  servers = await Promise.all(['1', '0', '0'].map((WORKERS) => startServer('node', ['apps/server/dist/server.js'], { ...env, WORKERS })));
  nginx = await startNginx(servers.map((s) => s.port));
  owner = await openPostgres(env.MIGRATION_DATABASE_URL);
  front = overHttp(`http://127.0.0.1:${nginx.port}`, owner);
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => killGroup(s)));
  await nginx?.stop();
  await bouncer?.stop();
  await owner?.close();
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

/** Which app process nginx chose, from the header it adds. */
function upstreamOf(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${nginx.port}${path}`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['x-upstream'])));
      })
      .on('error', reject);
  });
}

describe('three app processes behind nginx and PgBouncer (transaction mode)', () => {
  let agency: Agency;
  let houseIds: number[];
  let tenancyId: number;

  it('every process answers through nginx, on PostgreSQL through PgBouncer', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) seen.add(await upstreamOf('/api/health'));
    expect(seen.size).toBe(3);
    const health = await front.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', db: 'postgres' });
    // The server sees PgBouncer's few connections for the app role, never three pools' worth.
    const [{ n }] = rowsOf<{ n: number }>(
      await owner.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND usename = ${TEST_ROLES.app}`),
    ) as [{ n: number }];
    expect(n).toBeLessThanOrEqual(SERVER_POOL);
  });

  it('a house booked twice at once, wherever each lands: one tenancy, one 409', async () => {
    await signUp(front);
    agency = await agencyWithOwner(front);
    const made = await estate(front, agency, { houses: 3 });
    houseIds = made.houseIds;
    const results = await Promise.all([book(front, agency, houseIds[0]!, await made.tenant()), book(front, agency, houseIds[0]!, await made.tenant())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    tenancyId = results.find((r) => r.statusCode === 201)!.json().TenancyId;
  });

  it('forty receipts at once over the three processes: forty numbers in a row, none twice, none skipped, and every write names its clerk', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => pay(front, agency, tenancyId, '100', `many-${name}-${i}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const numbers = rowsOf<{ receipt_no: string }>(
      await owner.db.execute(sql`
        SELECT receipt_no FROM journal_transactions
        WHERE agent_id = ${agency.agentId} AND kind = 'receipt' ORDER BY receipt_no`),
    ).map((r) => Number(r.receipt_no));
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => numbers[0]! + i));
    // Who wrote is set inside each write's own transaction (set_config(…, true)), so PgBouncer lending one
    // server connection to every process in turn never leaves a clerk's name on another's write.
    const unnamed = rowsOf<{ n: number }>(
      await owner.db.execute(sql`
        SELECT count(*)::int AS n FROM audit_events
        WHERE agent_id = ${agency.agentId} AND action = 'insert' AND user_no IS NULL`),
    );
    expect(unnamed[0]!.n).toBe(0);
  });

  it("the month's run started at once on every process: charged once", async () => {
    const results = await Promise.all([runInvoices(front, agency), runInvoices(front, agency), runInvoices(front, agency)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await owner.db
      .select({ n: count() })
      .from(journalTransactions)
      .where(and(eq(journalTransactions.tenancyId, tenancyId), eq(journalTransactions.kind, 'rent_charge')));
    expect(row!.n).toBe(1);
  });
});
