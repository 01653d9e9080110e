import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { contractUser, createAgent, landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;
let agency: Awaited<ReturnType<typeof signedInUser>> & { agentId: number };
let rival: Awaited<ReturnType<typeof signedInUser>> & { agentId: number };

beforeAll(async () => {
  app = await createTestApp();
  const a = await signedInUser(app);
  agency = { ...a, agentId: await createAgent(app, a.auth) };
  const r = await signedInUser(app);
  rival = { ...r, agentId: await createAgent(app, r.auth) };
});
afterAll(() => app.close());

const tenant = {
  First_name: 'Achieng',
  Last_name: 'Odhiambo',
  Email: 'achieng@example.co.ke',
  PhoneNo: '0722000111',
  Id_number: '12345678',
};
const register = (who: { auth: { authorization: string } }, agentId: number, body: object = tenant) =>
  app.inject({
    method: 'POST',
    url: '/api/client/register',
    headers: who.auth,
    payload: { ...body, CapturingAgentId: agentId },
  });
const clientCount = async () => (await app.database.db.select({ n: count() }).from(clients))[0]!.n;

describe('POST /api/client/register', () => {
  it('registers a client for the agent and answers the client number', async () => {
    const res = await register(agency, agency.agentId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Client registered successfully', clientNo: expect.any(Number) });
  });

  it.each([
    [{ First_name: '' }, 'Name is required'],
    [{ Email: '' }, 'Email is required'],
    [{ Email: 'achieng@example' }, 'Invalid Email'],
    [{ PhoneNo: '' }, 'Phone No is required'],
    [{ PhoneNo: '07220001' }, 'Please enter valid phone number'],
  ])('refuses %j with %s, writing nothing', async (change, message) => {
    const before = await clientCount();
    const res = await register(agency, agency.agentId, { ...tenant, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await clientCount()).toBe(before);
  });

  it("refuses registering into another agency's account with 404, writing nothing", async () => {
    const before = await clientCount();
    expect((await register(agency, rival.agentId)).statusCode).toBe(404);
    expect(await clientCount()).toBe(before);
  });

  it('refuses a hired user whose access is switched off with 403', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo, { loginStatus: 0 });
    expect((await register(worker, agency.agentId)).statusCode).toBe(403);
  });
});

describe('finding and editing clients', () => {
  let clientNo: number;
  beforeAll(async () => {
    clientNo = (
      await register(agency, agency.agentId, {
        ...tenant,
        First_name: 'Mwangi',
        Last_name: 'Kiprono',
        Email: 'mwangi.k@example.com',
        PhoneNo: '0733444555',
      })
    ).json().clientNo;
  });

  const search = (who: typeof agency, agentId: number, searchOption: string, searchValue: string) =>
    app.inject({
      method: 'GET',
      url: `/api/client/getclientbyProvideddetails?${new URLSearchParams({ searchOption, searchValue, managingAgentId: String(agentId) })}`,
      headers: who.auth,
    });

  it('searches names and emails case-insensitively, numbers exactly, within the agent only', async () => {
    const byName = await search(agency, agency.agentId, 'Full_name', 'mwANGI');
    expect(byName.json().map((c: { ClientNo: number }) => c.ClientNo)).toContain(clientNo);
    expect((await search(agency, agency.agentId, 'Email', 'MWANGI.K@')).json()).toHaveLength(1);
    expect((await search(agency, agency.agentId, 'ClientNo', String(clientNo))).json()[0].Full_name).toBe(
      'Mwangi Kiprono',
    );
    expect((await search(rival, rival.agentId, 'Full_name', 'Mwangi')).json()).toEqual([]);
    const alias = await app.inject({
      method: 'GET',
      url: `/api/client/getClientByProvidedDetails1?searchOption=PhoneNo&searchValue=0733444555&managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    expect(alias.json()).toHaveLength(1);
  });

  it("finds a landlord account's owner once by name, whoever captured them", async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth, landlordAccount);
    const found = async () =>
      (await search({ ...owner, agentId }, agentId, 'Full_name', owner.person.Last_name))
        .json()
        .map((c: { ClientNo: number }) => c.ClientNo);
    expect(await found()).toEqual([owner.clientNo]);
    await app.database.db
      .update(clients)
      .set({ capturingAgentId: agentId })
      .where(eq(clients.clientNo, owner.clientNo));
    expect(await found()).toEqual([owner.clientNo]);
  });

  it('refuses a search without option or value, and a numeric option with text', async () => {
    expect((await search(agency, agency.agentId, 'Full_name', '')).json().message).toBe('**required');
    expect((await search(agency, agency.agentId, 'Nickname', 'x')).json().message).toBe('Search By?');
    expect((await search(agency, agency.agentId, 'ClientNo', 'abc')).statusCode).toBe(400);
    expect((await search(agency, rival.agentId, 'Full_name', 'Mwangi')).statusCode).toBe(404);
  });

  it('reads a client by number only within the agent', async () => {
    const mine = await app.inject({
      method: 'GET',
      url: `/api/client/getClientByClientNo?clientNo=${clientNo}&managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    expect(mine.json()[0]).toMatchObject({
      ClientNo: clientNo,
      Email: 'mwangi.k@example.com',
      PhoneNo: '0733444555',
    });
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/client/getClientByClientNo?clientNo=${clientNo}&managingAgentId=${rival.agentId}`,
      headers: rival.auth,
    });
    expect(theirs.json()).toEqual([]);
  });

  it("edits name, email and phone; unchanged details get the 'No changes made' warning", async () => {
    const edit = (body: object, who = agency, agentId = agency.agentId) =>
      app.inject({
        method: 'POST',
        url: '/api/client/editclientdetails',
        headers: who.auth,
        payload: { ClientNo: clientNo, managingAgentId: agentId, ...body },
      });
    const same = await edit({
      Full_name: 'Mwangi Kiprono',
      Email: 'Mwangi.K@example.com',
      PhoneNo: '0733444555',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('No changes made to the client details.');
    const bad = await edit({ Full_name: 'Mwangi Kiprono', Email: 'mwangi@', PhoneNo: '0733444555' });
    expect(bad.json().message).toBe('Invalid Email2');
    const ok = await edit({
      Full_name: 'Mwangi Kiprono Jr',
      Email: 'mwangi.jr@example.com',
      PhoneNo: '0733444556',
    });
    expect(ok.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: `/api/client/getClientByClientNo?clientNo=${clientNo}&managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    expect(after.json()[0]).toMatchObject({
      Full_name: 'Mwangi Kiprono Jr',
      Email: 'mwangi.jr@example.com',
      PhoneNo: '0733444556',
    });
    const foreign = await edit(
      { Full_name: 'Hijack', Email: 'h@example.com', PhoneNo: '0700000000' },
      rival,
      rival.agentId,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe("a client's preferred language", () => {
  const read = async (clientNo: number) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/client/getClientByClientNo?clientNo=${clientNo}&managingAgentId=${agency.agentId}`,
        headers: agency.auth,
      })
    ).json()[0];
  const edit = (clientNo: number, body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/client/editclientdetails',
      headers: agency.auth,
      payload: { ClientNo: clientNo, managingAgentId: agency.agentId, ...body },
    });
  const contact = { Full_name: 'Baraka Mwita', Email: 'baraka@example.co.ke', PhoneNo: '0711222333' };

  it('is English unless the office says otherwise, and the office can change it', async () => {
    const english = (
      await register(agency, agency.agentId, {
        ...tenant,
        Email: 'baraka@example.co.ke',
        First_name: 'Baraka',
        Last_name: 'Mwita',
        PhoneNo: '0711222333',
      })
    ).json().clientNo;
    expect((await read(english)).Preferred_language).toBe('en');
    expect((await edit(english, { ...contact, Preferred_language: 'sw' })).statusCode).toBe(200);
    expect((await read(english)).Preferred_language).toBe('sw');
    // Editing the contact details without naming a language leaves it as it is.
    expect((await edit(english, { ...contact, PhoneNo: '0711222334' })).statusCode).toBe(200);
    expect((await read(english)).Preferred_language).toBe('sw');
  });

  it('is taken at registration and refused when Makazi does not speak it, writing nothing', async () => {
    const sw = (
      await register(agency, agency.agentId, {
        ...tenant,
        Email: 'zawadi@example.co.ke',
        Preferred_language: 'sw',
      })
    ).json().clientNo;
    expect((await read(sw)).Preferred_language).toBe('sw');
    const before = await clientCount();
    expect(
      (
        await register(agency, agency.agentId, {
          ...tenant,
          Email: 'x@example.co.ke',
          Preferred_language: 'fr',
        })
      ).statusCode,
    ).toBe(400);
    expect(await clientCount()).toBe(before);
  });
});

describe('GET /api/landlords/getlandlordbyprovided_details', () => {
  const find = (who: typeof agency, agentId: number, searchOption: string, searchValue: string) =>
    app.inject({
      method: 'GET',
      url: `/api/landlords/getlandlordbyprovided_details?${new URLSearchParams({ searchOption, searchValue, managingAgentId: String(agentId) })}`,
      headers: who.auth,
    });

  it("finds the agency's own client by exact email, phone or number, never by part of one", async () => {
    const person = {
      ...tenant,
      First_name: 'Kamau',
      Email: 'kamau.landlord@example.com',
      PhoneNo: '0744555666',
    };
    const landlordNo = (await register(agency, agency.agentId, person)).json().clientNo;
    const exact = await find(agency, agency.agentId, 'Email', person.Email.toUpperCase());
    expect(exact.json()).toHaveLength(1);
    expect(exact.json()[0].ClientNo).toBe(landlordNo);
    expect((await find(agency, agency.agentId, 'ClientNo', String(landlordNo))).json()).toHaveLength(1);
    expect((await find(agency, agency.agentId, 'PhoneNo', person.PhoneNo)).json()).toHaveLength(1);
    expect((await find(agency, agency.agentId, 'Email', person.Email.slice(0, 8))).json()).toEqual([]);
  });

  it("never finds another agency's client or a user who signed up, even by exact detail", async () => {
    const theirs = (
      await register(rival, rival.agentId, { ...tenant, Email: 'rivals.own@example.com' })
    ).json().clientNo;
    const user = await signedInUser(app);
    expect((await find(agency, agency.agentId, 'ClientNo', String(theirs))).json()).toEqual([]);
    expect((await find(agency, agency.agentId, 'Email', 'rivals.own@example.com')).json()).toEqual([]);
    expect((await find(agency, agency.agentId, 'ClientNo', String(user.clientNo))).json()).toEqual([]);
    expect((await find(agency, agency.agentId, 'Email', user.person.Email)).json()).toEqual([]);
  });

  it('is refused to landlord accounts (5200) with 403', async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth, landlordAccount);
    expect((await find({ ...owner, agentId }, agentId, 'Email', 'x@example.com')).statusCode).toBe(403);
  });
});

describe('GET /api/client/count', () => {
  const countOf = (who: { auth: { authorization: string } }, managingAgentId: number | string) =>
    app.inject({
      method: 'GET',
      url: `/api/client/count?managingAgentId=${managingAgentId}`,
      headers: who.auth,
    });

  it('answers how many clients the account registered, for its owner and a hired user', async () => {
    const u = await signedInUser(app);
    const agentId = await createAgent(app, u.auth);
    expect((await countOf(u, agentId)).json()).toEqual({ registered: 0 });
    await register(u, agentId, { ...tenant, Email: 'first@example.com' });
    await register(u, agentId, { ...tenant, Email: 'second@example.com' });
    // Another agency's clients are not counted.
    await register(rival, rival.agentId, { ...tenant, Email: 'rivals@example.com' });
    expect((await countOf(u, agentId)).json()).toEqual({ registered: 2 });

    const worker = await signedInUser(app);
    await contractUser(app, agentId, worker.userNo);
    const res = await countOf(worker, agentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ registered: 2 });
  });

  it("does not count a landlord account's owner as a client of it", async () => {
    const u = await signedInUser(app);
    const agentId = await createAgent(app, u.auth, landlordAccount);
    expect((await countOf(u, agentId)).json()).toEqual({ registered: 0 });
  });

  it("refuses another account's count (404), a switched-off hired user (403), no token (401) and a bad id (400)", async () => {
    expect((await countOf(agency, rival.agentId)).statusCode).toBe(404);
    const off = await signedInUser(app);
    await contractUser(app, agency.agentId, off.userNo, { loginStatus: 0 });
    expect((await countOf(off, agency.agentId)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/client/count?managingAgentId=${agency.agentId}` }))
        .statusCode,
    ).toBe(401);
    expect((await countOf(agency, 'abc')).statusCode).toBe(400);
  });
});
