import { HIRING_MESSAGES } from '@makazi/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyUserContracts, mailOutbox } from '../../db/schema';
import { newPerson, signedInUser } from '../../test/accounts';
import { landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { hiringCalls, offerIdFor } from '../../test/hiring';
import { englishIn, lastMailTo as mailTo } from '../../test/mail';

let app: FastifyInstance;
let call: ReturnType<typeof hiringCalls>;
beforeAll(async () => {
  app = await createTestApp();
  call = hiringCalls(app);
});
afterAll(() => app.close());

const session = async (auth: { authorization: string }) =>
  (await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: auth })).json();
const lastMailTo = async (email: string) =>
  (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email.toLowerCase())).orderBy(desc(mailOutbox.id)).limit(1))[0];
const contractRow = async (offerId: number) =>
  (await app.database.db.select().from(agencyUserContracts).where(eq(agencyUserContracts.offerId, offerId)))[0]!;

/** An agency that has sent an offer to a fresh user. */
async function offered(agency?: Agency) {
  const admin = agency ?? (await agencyWithOwner(app));
  const user = await signedInUser(app);
  const sent = await call.send(admin.auth, admin.agentId, user.userNo);
  expect(sent.statusCode, sent.body).toBe(200);
  const offerId = await offerIdFor(app, user.auth, user.userNo, admin.agentId);
  return { admin, user, offerId };
}

/** A user hired by an agency, contract accepted. */
async function hired(agency?: Agency) {
  const o = await offered(agency);
  const res = await call.accept(o.user.auth, o.offerId, o.user.userNo, o.admin.agentId);
  expect(res.statusCode, res.body).toBe(200);
  return o;
}

describe('GET /api/usermanagement/getuser', () => {
  it('lets an account admin find a user by Email (any case) or PhoneNo', async () => {
    const admin = await agencyWithOwner(app);
    const person = newPerson({ PhoneNo: '0799000111' });
    const user = await signedInUser(app, person);
    const byEmail = await call.getUser(admin.auth, admin.agentId, `Email=${encodeURIComponent(person.Email.toUpperCase())}`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual([
      // The name and availability; of the contacts, only the one asked about.
      { UserNo: user.userNo, Full_name: `${person.First_name} ${person.Last_name}`, Email: person.Email.toLowerCase(), PhoneNo: '', Username: '', AvailableForWork: 1 },
    ]);
    const byPhone = await call.getUser(admin.auth, admin.agentId, 'PhoneNo=0799000111');
    expect(byPhone.json().map((u: { UserNo: number }) => u.UserNo)).toContain(user.userNo);
    expect(byPhone.json().find((u: { UserNo: number }) => u.UserNo === user.userNo)).toMatchObject({ Email: '', PhoneNo: '0799000111', Username: '' });
    expect((await call.getUser(admin.auth, admin.agentId, 'Email=nobody%40example.co.ke')).json()).toEqual([]);
  });

  it('refuses anyone but the account admin, and bad searches', async () => {
    const admin = await agencyWithOwner(app);
    const plain = await signedInUser(app);
    expect((await call.getUser(plain.auth, admin.agentId, 'PhoneNo=0712345678')).statusCode).toBe(404);
    const { user: worker } = await hired(admin);
    expect((await call.getUser(worker.auth, admin.agentId, 'PhoneNo=0712345678')).statusCode).toBe(403);
    for (const q of ['', 'Email=not-an-email', 'PhoneNo=123', 'Email=a%40b.co&PhoneNo=0712345678']) {
      expect((await call.getUser(admin.auth, admin.agentId, q)).statusCode, q).toBe(400);
    }
    expect((await call.getUser({ authorization: 'Bearer nope' }, admin.agentId, 'PhoneNo=0712345678')).statusCode).toBe(401);
  });
});

describe('hiring mails in the reader’s language', () => {
  const chooseLanguage = (auth: { authorization: string }, Language: 'en' | 'sw') =>
    app.inject({ method: 'PATCH', url: '/api/usermanagement/setuserlanguage', headers: auth, payload: { Language } });

  it('mails the offer in the hired user’s chosen language, and the answer in the admin’s', async () => {
    const admin = await agencyWithOwner(app);
    const owner = `${admin.person.First_name} ${admin.person.Last_name}`;
    const user = await signedInUser(app);
    expect((await chooseLanguage(user.auth, 'sw')).statusCode).toBe(200);
    // The admin's screens are in English: the offer still goes in the user's language.
    expect((await call.send(admin.auth, admin.agentId, user.userNo)).statusCode).toBe(200);
    const name = `${user.person.First_name} ${user.person.Last_name}`;
    const offer = await mailTo(app, user.person.Email);
    expect(offer).toEqual({
      subject: 'Ombi la kuajiri kutoka Baraka Homes',
      body: `Habari ${name},\n\n${owner} wa Baraka Homes anakualika ufanye kazi kwenye akaunti yao ya usimamizi wa majengo.\nFungua Mipangilio → Mipangilio ya kazi katika Makazi ili ukubali au ukatae ombi.`,
    });
    expect(englishIn(offer)).toEqual([]);

    expect((await chooseLanguage(admin.auth, 'sw')).statusCode).toBe(200);
    const offerId = await offerIdFor(app, user.auth, user.userNo, admin.agentId);
    expect((await call.reject(user.auth, offerId, user.userNo, 'Nimepata kazi nyingine')).statusCode).toBe(200);
    const answer = await mailTo(app, admin.person.Email);
    expect(answer).toEqual({
      subject: `${name} amekataa ombi lako la kuajiri`,
      body: `${name} amekataa ombi la kufanya kazi kwenye Baraka Homes.\nSababu iliyotolewa: Nimepata kazi nyingine`,
    });
    expect(englishIn(answer)).toEqual([]);
  });

  it('mails a user who has not chosen in English, word for word as before', async () => {
    const admin = await agencyWithOwner(app);
    const user = await signedInUser(app);
    expect((await call.send(admin.auth, admin.agentId, user.userNo)).statusCode).toBe(200);
    expect(await mailTo(app, user.person.Email)).toEqual({
      subject: 'Hire offer from Baraka Homes',
      body:
        `Hello ${user.person.First_name} ${user.person.Last_name},\n\n${admin.person.First_name} ${admin.person.Last_name} of Baraka Homes invites you to work on their property management account.\n` +
        'Open Settings → Work settings in Makazi to accept or decline the offer.',
    });
  });

  it('invites an address with no account in the language the office sends it in', async () => {
    const admin = await agencyWithOwner(app);
    const email = 'mgeni.kazi@example.co.ke';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/usermanagement/sendhireoffertouser',
      headers: { ...admin.auth, 'accept-language': 'sw' },
      payload: { AgentNo: admin.agentId, Email: email },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const invite = await mailTo(app, email);
    expect(invite.subject).toBe('Mwaliko wa kufanya kazi na Baraka Homes kwenye Makazi');
    expect(englishIn(invite)).toEqual([]);
  });
});

describe('sending and revoking offers', () => {
  it('sends an offer the user sees and is mailed; the admin lists it as pending', async () => {
    const { admin, user, offerId } = await offered();
    const received = (await call.received(user.auth, user.userNo)).json();
    expect(received).toEqual([
      expect.objectContaining({ AgencyUserHireOfferId: offerId, AgentNo: admin.agentId, UserNo: user.userNo, Self: 0, AgencyName: 'Baraka Homes', Email: user.person.Email.toLowerCase() }),
    ]);
    expect(new Date(received[0].DateOfferPlaced).getTime()).not.toBeNaN();
    expect((await call.sent(admin.auth, admin.agentId)).json().map((o: { AgencyUserHireOfferId: number }) => o.AgencyUserHireOfferId)).toEqual([offerId]);
    expect((await lastMailTo(user.person.Email))?.subject).toBe('Hire offer from Baraka Homes');
    expect((await contractRow(offerId)).role).toBe(5101);
  });

  it('refuses hiring oneself, an unavailable user, and a second pending offer', async () => {
    const admin = await agencyWithOwner(app);
    const self = await call.send(admin.auth, admin.agentId, admin.userNo);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('** You cant hire yourself !!**');

    const busy = await signedInUser(app);
    expect((await call.availability(busy.auth, 0)).statusCode).toBe(200);
    const refused = await call.send(admin.auth, admin.agentId, busy.userNo);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${busy.person.Email.toLowerCase()} is not available for work`);

    const { user } = await offered(admin);
    expect((await call.send(admin.auth, admin.agentId, user.userNo)).statusCode).toBe(409);
    // An offer to nobody answers as an offer to somebody: the directory is not probed through offers.
    const nobody = await call.send(admin.auth, admin.agentId, 999_999);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json().message).toBe(HIRING_MESSAGES.offerSent);
  });

  it('lets only the account admin send, list and revoke', async () => {
    const { admin, user, offerId } = await offered();
    const rival = await agencyWithOwner(app);
    const stranger = await signedInUser(app);
    expect((await call.send(rival.auth, admin.agentId, stranger.userNo)).statusCode).toBe(404);
    expect((await call.sent(rival.auth, admin.agentId)).statusCode).toBe(404);
    expect((await call.revoke(rival.auth, offerId, admin.agentId, user.userNo)).statusCode).toBe(404);
    expect((await call.revoke(rival.auth, offerId, rival.agentId, user.userNo)).statusCode).toBe(404);

    const worker = (await hired(admin)).user;
    expect((await call.send(worker.auth, admin.agentId, stranger.userNo)).statusCode).toBe(403);
    expect((await call.sent(worker.auth, admin.agentId)).statusCode).toBe(403);
    expect((await call.revoke(worker.auth, offerId, admin.agentId, user.userNo)).statusCode).toBe(403);
    expect((await call.users(worker.auth, admin.agentId)).statusCode).toBe(403);

    const revoked = await call.revoke(admin.auth, offerId, admin.agentId, user.userNo);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: 'Hire offer revoked', iserror: false });
    expect((await call.revoke(admin.auth, offerId, admin.agentId, user.userNo)).statusCode).toBe(404);
    expect((await call.received(user.auth, user.userNo)).json()).toEqual([]);
    expect((await call.accept(user.auth, offerId, user.userNo, admin.agentId)).statusCode).toBe(404);
    expect((await call.sent(admin.auth, admin.agentId)).json()).toEqual([]);
  });
});

describe('answering offers', () => {
  it('accepting makes a contract: role 5101, session and managed accounts name the agency, admin mailed', async () => {
    const { admin, user, offerId } = await hired();
    expect(await session(user.auth)).toMatchObject({
      managingAgentId: admin.agentId,
      managingAgentSelf: 0,
      managingAgentUserRole: 5101,
      managingAgentUserLoginStatus: 1,
    });
    const managed = await app.inject({ method: 'GET', url: `/api/usermanagement/getagentsmanagedbyuser?UserNo=${user.userNo}`, headers: user.auth });
    expect(managed.json().agents.managingAgentAccount).toEqual({
      ManagingAgentId: admin.agentId,
      ManagingAgentSelf: 0,
      ManagingAgentName: 'Baraka Homes',
      ManagingAgentOwnerName: `${admin.person.First_name} ${admin.person.Last_name}`,
      AgencyUserHireOfferId: offerId,
    });
    expect((await lastMailTo(admin.person.Email))?.subject).toMatch(/accepted your hire offer$/);
    const users = (await call.users(admin.auth, admin.agentId)).json();
    expect(users).toEqual([
      expect.objectContaining({ UserNo: user.userNo, ManagingAgentUserRole: 5101, ManagingAgentUserLoginStatus: 1, AgencyUserHireOfferId: offerId, ManagingAgentAllocatedUsername: expect.stringMatching(/^wanjiku\d+$/) }),
    ]);
  });

  it('on a landlord account the hired role is 5201', async () => {
    const landlord = await agencyWithOwner(app, landlordAccount);
    const { user, offerId } = await hired(landlord);
    expect((await contractRow(offerId)).role).toBe(5201);
    expect(await session(user.auth)).toMatchObject({ managingAgentId: landlord.agentId, managingAgentSelf: 1, managingAgentUserRole: 5201 });
  });

  it('refuses a second contract, an agency owner, and another user’s offer', async () => {
    const first = await hired();
    const other = await agencyWithOwner(app);
    expect((await call.send(other.auth, other.agentId, first.user.userNo)).statusCode).toBe(200);
    const secondOffer = await offerIdFor(app, first.user.auth, first.user.userNo, other.agentId);
    const again = await call.accept(first.user.auth, secondOffer, first.user.userNo, other.agentId);
    expect(again.statusCode).toBe(409);

    const owner = await agencyWithOwner(app);
    const { offerId: toOwner } = await (async () => {
      expect((await call.send(other.auth, other.agentId, owner.userNo)).statusCode).toBe(200);
      return { offerId: await offerIdFor(app, owner.auth, owner.userNo, other.agentId) };
    })();
    const refused = await call.accept(owner.auth, toOwner, owner.userNo, other.agentId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot accept offers since you have an agency account');

    const { user, offerId, admin } = await offered();
    const thief = await signedInUser(app);
    expect((await call.accept(thief.auth, offerId, thief.userNo, admin.agentId)).statusCode).toBe(404);
    expect((await call.accept(thief.auth, offerId, user.userNo, admin.agentId)).statusCode).toBe(404);
    expect((await call.received(thief.auth, user.userNo)).statusCode).toBe(404);
    expect((await call.accept(user.auth, offerId, user.userNo, other.agentId)).statusCode).toBe(404);
  });

  it('declines with an optional reason of at most 150 characters; the admin is mailed it', async () => {
    const { admin, user, offerId } = await offered();
    expect((await call.reject(user.auth, offerId, user.userNo, 'x'.repeat(151))).statusCode).toBe(400);
    const res = await call.reject(user.auth, offerId, user.userNo, 'Moving to Mombasa');
    expect(res.statusCode).toBe(200);
    expect((await contractRow(offerId)).declineReason).toBe('Moving to Mombasa');
    expect((await lastMailTo(admin.person.Email))?.body).toContain('Reason given: Moving to Mombasa');
    expect((await call.accept(user.auth, offerId, user.userNo, admin.agentId)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/agent/getagentbyagentid?agentId=${admin.agentId}`, headers: user.auth })).statusCode).toBe(404);

    const second = await offered();
    expect((await call.reject(second.user.auth, second.offerId, second.user.userNo)).statusCode).toBe(200);
    expect((await contractRow(second.offerId)).declineReason).toBeNull();
  });
});

describe('the contract at work', () => {
  it('a hired user works in the agency; switched off they get 403 everywhere there, switched on again they work', async () => {
    const admin = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, admin, { houses: 1 });
    const tenancyId = await bookOk(app, admin, houseIds[0]!, await tenant());
    const { user, offerId } = await hired(admin);
    const worker = { ...user, agentId: admin.agentId };
    expect((await pay(app, worker, tenancyId, '1,000', 'hired-pay-1')).statusCode).toBe(200);

    const off = await call.toggle(admin.auth, offerId, user.userNo, '0');
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('User deactivated');
    const agencyRoutes = [
      `/api/agent/getagentbyagentid?agentId=${admin.agentId}`,
      `/api/properties/getAllPropertiesByAgentId?agentId=${admin.agentId}`,
      `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${admin.agentId}`,
      `/api/tenancy/gettenancybyid?tenancyId=${tenancyId}&managingAgentId=${admin.agentId}`,
      `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${admin.agentId}`,
      `/api/financialstatements/gettenantstatement?tenancyId=${tenancyId}&managingAgentId=${admin.agentId}`,
    ];
    for (const url of agencyRoutes) {
      const res = await app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('You are not authorised to view this page');
    }
    expect((await pay(app, worker, tenancyId, '1,000', 'hired-pay-2')).statusCode).toBe(403);
    expect(await session(user.auth)).toMatchObject({ managingAgentId: admin.agentId, managingAgentUserLoginStatus: 0 });

    expect((await call.toggle(admin.auth, offerId, user.userNo, '1')).statusCode).toBe(200);
    for (const url of agencyRoutes) {
      expect((await app.inject({ method: 'GET', url, headers: user.auth })).statusCode, url).toBe(200);
    }
  });

  it('only the admin of the account toggles, and only a running contract', async () => {
    const { admin, user, offerId } = await hired();
    const rival = await agencyWithOwner(app);
    expect((await call.toggle(rival.auth, offerId, user.userNo, '0')).statusCode).toBe(404);
    expect((await call.toggle(user.auth, offerId, user.userNo, '0')).statusCode).toBe(403);
    expect((await call.toggle(admin.auth, offerId, admin.userNo, '0')).statusCode).toBe(404);
    expect((await call.toggle(admin.auth, offerId, user.userNo, '2' as '0')).statusCode).toBe(400);
    const pending = await offered(admin);
    expect((await call.toggle(admin.auth, pending.offerId, pending.user.userNo, '0')).statusCode).toBe(404);
  });

  it('the user ends the contract, recorded as ended by user; access stops', async () => {
    const { admin, user, offerId } = await hired();
    expect((await call.terminate(user.auth, offerId, user.userNo, 'admin')).statusCode).toBe(400);
    const res = await call.terminate(user.auth, offerId, user.userNo, 'user');
    expect(res.statusCode).toBe(200);
    expect(await contractRow(offerId)).toMatchObject({ status: 'terminated', endedBy: 'user', endedByUserNo: user.userNo });
    expect((await app.inject({ method: 'GET', url: `/api/agent/getagentbyagentid?agentId=${admin.agentId}`, headers: user.auth })).statusCode).toBe(404);
    expect(await session(user.auth)).toMatchObject({ managingAgentId: null, managingAgentUserRole: null });
    expect((await call.terminate(user.auth, offerId, user.userNo)).statusCode).toBe(404);
    expect((await call.users(admin.auth, admin.agentId)).json()).toEqual([]);
  });

  it('the admin ends a contract, recorded as ended by admin; nobody else can', async () => {
    const { admin, user, offerId } = await hired();
    const rival = await agencyWithOwner(app);
    expect((await call.terminate(rival.auth, offerId, user.userNo)).statusCode).toBe(404);
    const res = await call.terminate(admin.auth, offerId, user.userNo);
    expect(res.statusCode).toBe(200);
    expect(await contractRow(offerId)).toMatchObject({ status: 'terminated', endedBy: 'admin', endedByUserNo: admin.userNo });
    // A new offer may follow an ended contract.
    expect((await call.send(admin.auth, admin.agentId, user.userNo)).statusCode).toBe(200);
  });
});

describe('availability for work', () => {
  it('a user switches it; a landlord-account owner may, an agency owner may not', async () => {
    const user = await signedInUser(app);
    expect((await call.availability(user.auth, 0)).statusCode).toBe(200);
    const info = await app.inject({ method: 'GET', url: `/api/usermanagement/getusersgeneralinformation?userNo=${user.userNo}`, headers: user.auth });
    expect(info.json().AvailableForWork).toBe(0);
    expect((await call.availability(user.auth, 1)).statusCode).toBe(200);
    expect((await call.availability(user.auth, 2 as 0)).statusCode).toBe(400);

    const landlord = await agencyWithOwner(app, landlordAccount);
    expect((await call.availability(landlord.auth, 0)).statusCode).toBe(200);
    const agency = await agencyWithOwner(app);
    const refused = await call.availability(agency.auth, 0);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to change availability for work since you have an agency account');
  });
});

describe('the database keeps the rules by itself', () => {
  const insert = (row: Partial<typeof agencyUserContracts.$inferInsert>) =>
    app.database.db.insert(agencyUserContracts).values(row as typeof agencyUserContracts.$inferInsert);

  it('refuses a role the account does not allow, an offer to oneself, and one to an unavailable user', async () => {
    const admin = await agencyWithOwner(app);
    const user = await signedInUser(app);
    await expect(insert({ agentId: admin.agentId, agentSelf: 0, userNo: user.userNo, status: 'pending', role: 5201 })).rejects.toThrow();
    await expect(insert({ agentId: admin.agentId, agentSelf: 0, userNo: user.userNo, status: 'pending', role: 5100 })).rejects.toThrow();
    await expect(insert({ agentId: admin.agentId, agentSelf: 1, userNo: user.userNo, status: 'pending', role: 5201 })).rejects.toThrow();
    await expect(insert({ agentId: admin.agentId, agentSelf: 0, userNo: admin.userNo, status: 'pending', role: 5101 })).rejects.toThrow();
    await expect(insert({ agentId: admin.agentId, agentSelf: 0, userNo: user.userNo, status: 'accepted', role: 5101 })).rejects.toThrow();
    await call.availability(user.auth, 0);
    await expect(insert({ agentId: admin.agentId, agentSelf: 0, userNo: user.userNo, status: 'pending', role: 5101 })).rejects.toThrow();
  });

  it('refuses an agency owner accepting, a second running contract, a revived offer and an agency owner’s availability change', async () => {
    const db = app.database.db;
    const owner = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    await call.send(other.auth, other.agentId, owner.userNo);
    const toOwner = await offerIdFor(app, owner.auth, owner.userNo, other.agentId);
    await expect(db.update(agencyUserContracts).set({ status: 'accepted' }).where(eq(agencyUserContracts.offerId, toOwner))).rejects.toThrow();

    const { user, offerId } = await hired();
    await call.send(other.auth, other.agentId, user.userNo);
    const second = await offerIdFor(app, user.auth, user.userNo, other.agentId);
    await expect(db.update(agencyUserContracts).set({ status: 'accepted' }).where(eq(agencyUserContracts.offerId, second))).rejects.toThrow();
    await call.terminate(user.auth, offerId, user.userNo);
    await expect(db.update(agencyUserContracts).set({ status: 'accepted' }).where(eq(agencyUserContracts.offerId, offerId))).rejects.toThrow();
    await expect(
      db.update(agencyUserContracts).set({ loginStatus: 0 }).where(and(eq(agencyUserContracts.offerId, second), eq(agencyUserContracts.status, 'pending'))),
    ).rejects.toThrow();

    const { users } = await import('../../db/schema');
    await expect(db.update(users).set({ availableForWork: 0 }).where(eq(users.userNo, owner.userNo))).rejects.toThrow();
  });
});

describe('the OpenAPI document', () => {
  it('shows every "Agents and users" call with its method', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const calls: [string, string][] = [
      ['/api/agent/createagent', 'post'],
      ['/api/agent/getagentbyagentid', 'get'],
      ['/api/agent/getagentusersbyagentadminuser', 'get'],
      ['/api/agent/getagentspendinghiringofferssent', 'get'],
      ['/api/agent/toggleuseractivatedstatebyadminuser', 'patch'],
      ['/api/usermanagement/getusersgeneralinformation', 'get'],
      ['/api/usermanagement/getuser', 'get'],
      ['/api/usermanagement/getagentsmanagedbyuser', 'get'],
      ['/api/usermanagement/sendhireoffertouser', 'post'],
      ['/api/usermanagement/revokeusershiringoffer', 'patch'],
      ['/api/usermanagement/changeuseravailabilityforwork', 'patch'],
      ['/api/usermanagement/getuserspendinghiringoffersrecievedbyuser', 'get'],
      ['/api/usermanagement/accepthiringOffer', 'patch'],
      ['/api/usermanagement/rejecthiringOffer', 'patch'],
      ['/api/usermanagement/terminateagenthiringcontract', 'patch'],
    ];
    for (const [path, method] of calls) expect(doc.paths, `${method} ${path}`).toHaveProperty([path, method]);
  });
});
