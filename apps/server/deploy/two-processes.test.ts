import { randomBytes } from 'node:crypto';
import { OTP_MESSAGES } from '@makazi/domain';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from '../src/db/database';
import { invoiceRuns, journalTransactions, sessions, tenancies } from '../src/db/schema';
import { newPerson, signUp } from '../src/test/accounts';
import { createLeastPrivilegeRoles, roleUrl, TEST_ROLES, withAdmin } from '../src/test/postgres-admin';
import { agencyWithOwner, book, estate, pay, runInvoices, type Agency } from '../src/test/estate';
import { killGroup, overHttp, requireBuild, startServer, type ServerProcess } from './server-process';

/**
 * The scale-out shape: two stateless app processes on one PostgreSQL database,
 * as behind a load balancer. Every exactly-once rule and every limit must hold
 * across them, because nothing lives in one process's memory.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `makazi_two_${randomBytes(5).toString('hex')}`;

let servers: ServerProcess[] = [];
let owner: Database;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  requireBuild();
  await createLeastPrivilegeRoles(adminUrl);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} OWNER ${TEST_ROLES.owner}`));
  const env = {
    DATABASE_URL: roleUrl(adminUrl, name, TEST_ROLES.app),
    MIGRATION_DATABASE_URL: roleUrl(adminUrl, name, TEST_ROLES.owner),
  };
  // Started together: both migrate at once, one waits for the other.
  servers = await Promise.all([startServer('node', ['apps/server/dist/server.js'], env), startServer('node', ['apps/server/dist/server.js'], env)]);
  owner = await openPostgres(env.MIGRATION_DATABASE_URL);
  a = overHttp(servers[0]!.url, owner);
  b = overHttp(servers[1]!.url, owner);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => killGroup(s)));
  await owner?.close();
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe('two app processes on one PostgreSQL database, at the same moment', () => {
  let agency: Agency;
  let houseIds: number[];
  let tenancyId: number;

  it('both came up on the same migrated database as the least-privileged role', async () => {
    for (const app of [a, b]) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toMatchObject({ status: 'ok', db: 'postgres' });
    }
    const [{ n }] = rowsOf<{ n: number }>(await owner.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as [{ n: number }];
    expect(n).toBe((await a.inject({ method: 'GET', url: '/api/health' })).json().migrations);
  });

  it('sign-in on both: one session, the other is told the user is already signed in', async () => {
    const { person, userNo } = await signUp(a);
    const login = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: person.Email, Password: person.password } });
    const results = await Promise.all([login(a), login(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(results.find((r) => r.statusCode === 401)!.json().multipleLogIn).toBe(true);
    const [row] = await owner.db.select({ n: count() }).from(sessions).where(and(eq(sessions.userNo, userNo), isNull(sessions.endedAt)));
    expect(row!.n).toBe(1);
  });

  it('the same house booked on both: one tenancy, one 409', async () => {
    agency = await agencyWithOwner(a);
    const made = await estate(a, agency, { houses: 4 });
    houseIds = made.houseIds;
    const [t1, t2] = [await made.tenant(), await made.tenant()];
    const results = await Promise.all([book(a, agency, houseIds[0]!, t1), book(b, agency, houseIds[0]!, t2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    tenancyId = results.find((r) => r.statusCode === 201)!.json().TenancyId;
    const [row] = await owner.db.select({ n: count() }).from(tenancies).where(and(eq(tenancies.houseId, houseIds[0]!), isNull(tenancies.endedAt)));
    expect(row!.n).toBe(1);
  });

  it('one receipt key sent to both: one receipt, both answers name it', async () => {
    const key = `two-processes-${name}`;
    const results = await Promise.all([pay(a, agency, tenancyId, '4,000', key), pay(b, agency, tenancyId, '4,000', key)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json().TransactionId).toBe(results[1]!.json().TransactionId);
    const [row] = await owner.db
      .select({ n: count() })
      .from(journalTransactions)
      .where(and(eq(journalTransactions.tenancyId, tenancyId), eq(journalTransactions.kind, 'receipt')));
    expect(row!.n).toBe(1);
  });

  it("the month's run started on both: charged once", async () => {
    // Three more tenancies taken over from an older system: booked, never charged.
    const copies: number[] = [];
    for (const houseId of houseIds.slice(1)) copies.push(await copyTenancyUncharged(tenancyId, houseId));
    const results = await Promise.all([runInvoices(a, agency), runInvoices(b, agency), runInvoices(a, agency), runInvoices(b, agency)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json().charged).toBe(copies.length);
    for (const id of [tenancyId, ...copies]) {
      const [row] = await owner.db
        .select({ n: count() })
        .from(journalTransactions)
        .where(and(eq(journalTransactions.tenancyId, id), eq(journalTransactions.kind, 'rent_charge')));
      expect(row!.n).toBe(1);
    }
    const [runs] = await owner.db.select({ n: count() }).from(invoiceRuns).where(eq(invoiceRuns.agentId, agency.agentId));
    expect(runs!.n).toBe(1);
  });

  it('failed sign-ins on one email from one address count on both together', async () => {
    const { person } = await signUp(a, newPerson());
    const attempt = (i: number) =>
      overHttp(servers[i % 2]!.url, owner, '127.0.1.1').inject({
        method: 'POST',
        url: '/api/userauth/login',
        payload: { Email: person.Email, Password: 'not-the-password' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(i)).statusCode);
    expect(codes).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
  });

  it('a code asked for on one process is not sent again at once by the other', async () => {
    // Each request from an address of its own: only the per-email rule can refuse.
    const email = `codes-${name}@example.com`;
    const request = (i: number) =>
      overHttp(servers[i % 2]!.url, owner, `127.0.3.${i + 1}`).inject({
        method: 'POST',
        url: '/api/client/getOtp',
        payload: { Email: email, FullName: 'Wafula Chebet' },
      });
    expect((await request(0)).statusCode).toBe(200);
    const again = await request(1);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(OTP_MESSAGES.resendTooSoon);
  });

  it('the per-address code limit counts the requests made on both together', async () => {
    // One office address, many people: 30 codes an hour from it, wherever they land.
    const from = '127.0.2.1';
    const request = (i: number) =>
      overHttp(servers[i % 2]!.url, owner, from).inject({
        method: 'POST',
        url: '/api/client/getOtp',
        payload: { Email: `limit-${i}-${name}@example.com`, FullName: 'Akinyi Odhiambo' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await request(i)).statusCode);
    expect(codes).toEqual([...Array.from({ length: 30 }, () => 200), 429]);
  });
});

/** A copy of a tenancy on another house, with no journal entry: what an import from an older system leaves. */
async function copyTenancyUncharged(fromId: number, houseId: number): Promise<number> {
  const columns = rowsOf<{ column_name: string }>(
    await owner.db.execute(sql`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'tenancies' AND column_name NOT IN ('tenancy_id', 'house_id')`),
  ).map((c) => sql.identifier(c.column_name));
  const list = sql.join(columns, sql`, `);
  const inserted = await owner.db.execute(sql`
    INSERT INTO tenancies (${list}, house_id) SELECT ${list}, ${houseId}::bigint FROM tenancies WHERE tenancy_id = ${fromId}
    RETURNING tenancy_id`);
  return Number(rowsOf<{ tenancy_id: string }>(inserted)[0]!.tenancy_id);
}
