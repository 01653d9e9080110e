import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, ledgers } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { agencyAccount, contractUser, createAgent, landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const agentCount = async () => (await app.database.db.select({ n: count() }).from(agents))[0]!.n;

describe('POST /api/agent/createagent', () => {
  it('creates an agency account with its Rent and Deposit ledgers; the session picks it up', async () => {
    const user = await signedInUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/agent/createagent', headers: user.auth, payload: agencyAccount });
    expect(res.statusCode).toBe(201);
    const { AgentId, message } = res.json();
    expect(message).toBe('Account Created Successfully');
    const names = await app.database.db.select({ n: ledgers.ledgerName }).from(ledgers).where(eq(ledgers.agentId, AgentId));
    expect(names.map((r) => r.n).sort()).toEqual(['Deposit', 'Rent']);

    const session = await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: user.auth });
    expect(session.json()).toMatchObject({ adminAgentId: AgentId, adminAccountSelf: 0, adminLandlordAccNo: null, managingAgentId: null });
  });

  it('a landlord account names the owner as landlord', async () => {
    const user = await signedInUser(app);
    const agentId = await createAgent(app, user.auth, landlordAccount);
    const session = await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: user.auth });
    expect(session.json()).toMatchObject({ adminAgentId: agentId, adminAccountSelf: 1, adminLandlordAccNo: user.clientNo });
  });

  it('refuses a second account with 409, writing nothing', async () => {
    const user = await signedInUser(app);
    await createAgent(app, user.auth);
    const before = await agentCount();
    const res = await app.inject({ method: 'POST', url: '/api/agent/createagent', headers: user.auth, payload: landlordAccount });
    expect(res.statusCode).toBe(409);
    expect(await agentCount()).toBe(before);
  });

  it('always creates the account for the caller, whatever ClientNo says', async () => {
    const user = await signedInUser(app);
    const agentId = await createAgent(app, user.auth, { ...agencyAccount, ClientNo: 1 });
    const [row] = await app.database.db.select().from(agents).where(eq(agents.agentId, agentId));
    expect(row?.ownerClientNo).toBe(user.clientNo);
  });

  it.each([
    [{ AgentName: '' }, 'Agent name is required'],
    [{ AgentName: 'Ab' }, 'Agent name too short'],
    [{ AgentName: 'A'.repeat(21) }, 'Agent name too Long'],
    [{ Kra_pin: '' }, 'Kra pin is required'],
    [{ Address: 'Road' }, 'Adress too short'],
    [{ Address: 'A very long address, Nairobi' }, 'Adress too Long'],
    [{ Self: 3 }, 'Choose the account type'],
    [{ HasOwnProperty: undefined }, 'Say whether you own property'],
  ])('refuses %j with %s, writing nothing', async (change, message) => {
    const user = await signedInUser(app);
    const before = await agentCount();
    const res = await app.inject({ method: 'POST', url: '/api/agent/createagent', headers: user.auth, payload: { ...agencyAccount, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await agentCount()).toBe(before);
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/agent/createagent', payload: agencyAccount });
    expect(res.statusCode).toBe(401);
  });
});

describe('the agent scope of property-management routes', () => {
  const getAgent = (auth: { authorization: string } | undefined, agentId: number) =>
    app.inject({ method: 'GET', url: `/api/agent/getagentbyagentid?agentId=${agentId}`, headers: auth ?? {} });

  it('lets the owner read their agent', async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth);
    const res = await getAgent(owner.auth, agentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { AgentId: agentId, AgentName: 'Baraka Homes', AgentOwnerClientNo: owner.clientNo, AgentOwnerName: `${owner.person.First_name} ${owner.person.Last_name}`, Self: 0 },
    ]);
  });

  it('answers 404 to a caller with no tie to the agent, and for an agent that does not exist', async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth);
    const stranger = await signedInUser(app);
    await createAgent(app, stranger.auth);
    expect((await getAgent(stranger.auth, agentId)).statusCode).toBe(404);
    expect((await getAgent(stranger.auth, 999_999)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth);
    expect((await getAgent(undefined, agentId)).statusCode).toBe(401);
  });

  it('lets a contracted user in only while their login status is 1', async () => {
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth);
    const worker = await signedInUser(app);
    await contractUser(app, agentId, worker.userNo, { loginStatus: 0 });
    const blocked = await getAgent(worker.auth, agentId);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You are not authorised to view this page' });

    const other = await signedInUser(app);
    await contractUser(app, agentId, other.userNo, { loginStatus: 1 });
    expect((await getAgent(other.auth, agentId)).statusCode).toBe(200);
    const session = await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: other.auth });
    expect(session.json()).toMatchObject({ managingAgentId: agentId, managingAgentSelf: 0, managingAgentUserRole: 5101, managingAgentUserLoginStatus: 1, adminAgentId: null });
  });

  it('refuses a role outside the route list with 403', async () => {
    // An admin-only check: a hired employee (5101) may not act where only 5100/5200 may.
    const owner = await signedInUser(app);
    const agentId = await createAgent(app, owner.auth);
    const worker = await signedInUser(app);
    await contractUser(app, agentId, worker.userNo);
    const preHandler = app.agentScope({ allowed: [5100, 5200], agentId: () => agentId });
    const request = { headers: worker.auth, caller: null, agentScope: null } as unknown as Parameters<typeof preHandler>[0];
    await expect(preHandler(request)).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const ownerRequest = { headers: owner.auth, caller: null, agentScope: null } as unknown as Parameters<typeof preHandler>[0];
    await preHandler(ownerRequest);
    expect((ownerRequest as unknown as { agentScope: unknown }).agentScope).toEqual({ agentId, role: 5100, self: 0, propIds: null });
  });
});

describe('GET /api/usermanagement/getagentsmanagedbyuser', () => {
  it("answers the caller's own account and the account that hired them", async () => {
    const landlord = await signedInUser(app);
    const landlordAgent = await createAgent(app, landlord.auth, landlordAccount);
    const agencyOwner = await signedInUser(app);
    const agency = await createAgent(app, agencyOwner.auth);
    const offerId = await contractUser(app, agency, landlord.userNo);

    const res = await app.inject({
      method: 'GET',
      url: `/api/usermanagement/getagentsmanagedbyuser?ClientNo=${landlord.clientNo}&UserNo=${landlord.userNo}`,
      headers: landlord.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agents: {
        myAgentAccount: { AgentId: landlordAgent, Self: 1, AgentName: 'Otieno Rentals' },
        managingAgentAccount: {
          ManagingAgentId: agency,
          ManagingAgentSelf: 0,
          ManagingAgentName: 'Baraka Homes',
          ManagingAgentOwnerName: `${agencyOwner.person.First_name} ${agencyOwner.person.Last_name}`,
          AgencyUserHireOfferId: offerId,
        },
      },
    });
  });

  it("answers nulls for a user without accounts and 404 for another user's", async () => {
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const mine = await app.inject({ method: 'GET', url: `/api/usermanagement/getagentsmanagedbyuser?UserNo=${user.userNo}`, headers: user.auth });
    expect(mine.json()).toEqual({ agents: { myAgentAccount: null, managingAgentAccount: null } });
    const theirs = await app.inject({ method: 'GET', url: `/api/usermanagement/getagentsmanagedbyuser?UserNo=${other.userNo}`, headers: user.auth });
    expect(theirs.statusCode).toBe(404);
  });
});
