import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, properties, tenancies } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, book, estate, type Agency } from '../../test/estate';

// People belong to whoever captured them (docs/decisions/003-ownership-of-people.md).
// These are the two attacks found with two agencies side by side: naming another
// agency's tenant (or a user) as landlord to claim them, and walking the landlord
// search by client number. Each must answer 404 or nothing, and change nothing.

let app: FastifyInstance;
let a: Agency;
let b: Agency;
let bTenant: number;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  app = await createTestApp();
  a = await agencyWithOwner(app);
  b = await agencyWithOwner(app);
  bTenant = await (await estate(app, b)).tenant('Victim');
  user = await signedInUser(app);
});
afterAll(() => app.close());

const get = (who: Agency, url: string) => app.inject({ method: 'GET', url, headers: who.auth });
const clientRow = async (clientNo: number) =>
  (await app.database.db.select().from(clients).where(eq(clients.clientNo, clientNo)))[0];
const rows = async (table: typeof properties | typeof tenancies) =>
  (await app.database.db.select({ n: count() }).from(table))[0]!.n;

function registerProperty(who: Agency, landlordNo: number) {
  return app.inject({
    method: 'POST',
    url: '/api/properties/registerProperty',
    headers: who.auth,
    payload: {
      Property_name: 'Claim Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'CBD',
      LandlordNo: landlordNo,
      managingAgentId: who.agentId,
    },
  });
}

function edit(who: Agency, clientNo: number) {
  return app.inject({
    method: 'POST',
    url: '/api/client/editclientdetails',
    headers: who.auth,
    payload: {
      ClientNo: clientNo,
      Full_name: 'Hijacked Name',
      Email: 'hijack@example.com',
      PhoneNo: '0700000001',
      managingAgentId: who.agentId,
    },
  });
}

describe.each([
  ['another agency’s tenant', () => bTenant],
  ['a user’s own record', () => user.clientNo],
])('naming %s as landlord', (_label, target) => {
  it('answers 404 as if they did not exist, and writes nothing', async () => {
    const before = await rows(properties);
    const res = await registerProperty(a, target());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('no landord found');
    expect(await rows(properties)).toBe(before);
  });

  it('gives no read of their details afterwards', async () => {
    await registerProperty(a, target());
    const read = await get(
      a,
      `/api/client/getClientByClientNo?clientNo=${target()}&managingAgentId=${a.agentId}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([]);
    const search = await get(
      a,
      `/api/client/getclientbyProvideddetails?searchOption=ClientNo&searchValue=${target()}&managingAgentId=${a.agentId}`,
    );
    expect(search.json()).toEqual([]);
  });

  it('cannot rename them or change their email and phone', async () => {
    const before = await clientRow(target());
    const res = await edit(a, target());
    expect(res.statusCode).toBe(404);
    expect(await clientRow(target())).toEqual(before);
  });

  it('cannot book them as a tenant', async () => {
    const { houseIds } = await estate(app, a, { houses: 1 });
    const before = await rows(tenancies);
    const res = await book(app, a, houseIds[0]!, target());
    expect(res.statusCode).toBe(404);
    expect(await rows(tenancies)).toBe(before);
  });
});

describe('landlord search', () => {
  it('cannot walk the directory by client number', async () => {
    const own = await (await estate(app, a)).tenant('Mine');
    const found: number[] = [];
    for (
      let n = Math.min(own, bTenant, user.clientNo) - 5;
      n <= Math.max(own, bTenant, user.clientNo) + 5;
      n++
    ) {
      const res = await get(
        a,
        `/api/landlords/getlandlordbyprovided_details?searchOption=ClientNo&searchValue=${n}&managingAgentId=${a.agentId}`,
      );
      expect(res.statusCode).toBe(200);
      found.push(...res.json().map((c: { ClientNo: number }) => c.ClientNo));
    }
    const mine = await app.database.db
      .select({ n: clients.clientNo })
      .from(clients)
      .where(eq(clients.capturingAgentId, a.agentId));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => mine.some((m) => m.n === n))).toBe(true);
    expect(found).not.toContain(bTenant);
    expect(found).not.toContain(user.clientNo);
  });
});

describe('the database', () => {
  it('refuses a property or tenancy naming a person the agent does not own, whatever path wrote it', async () => {
    const { propId } = await estate(app, a, { houses: 1 });
    const refusal = await app.database.db
      .update(properties)
      .set({ landlordNo: bTenant })
      .where(eq(properties.propId, propId))
      .then(
        () => undefined,
        (error: Error) => error,
      );
    expect(String((refusal?.cause as Error | undefined)?.message)).toMatch(/not a client of agent/);
  });
});
