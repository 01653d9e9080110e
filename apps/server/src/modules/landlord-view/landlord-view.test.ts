import { LANDLORD_LINK_MESSAGES } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signedInUser } from '../../test/accounts';
import { landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { englishIn, lastMailTo } from '../../test/mail';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import {
  expense,
  inviteLandlord,
  landlordBalances,
  linkedLandlord,
  payout,
  setAgreement,
} from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `landlord-view-${++seq}`;

/** An agency collecting 20,000 for a landlord under 10% with withholding; expenses above 2,000 need the landlord. */
async function managed(agency?: Agency) {
  const a = agency ?? (await agencyWithOwner(app));
  const { propId, houseIds, tenant, landlordNo } = await estate(app, a, {
    houses: 2,
    rent: '20,000',
    deposit: '0',
  });
  await setAgreement(app, a, propId, { WithholdTax: true, ApprovalThreshold: '2,000' });
  const tenancyId = await bookOk(app, a, houseIds[0]!, await tenant());
  await pay(app, a, tenancyId, '20,000', key());
  return { agency: a, propId, landlordNo, houseIds };
}

type Landlord = Awaited<ReturnType<typeof signedInUser>>;
const get = (who: { auth: Record<string, string> }, url: string) =>
  app.inject({ method: 'GET', url, headers: who.auth });
const post = (who: { auth: Record<string, string> }, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });
const statement = (who: Landlord, linkId: number) =>
  get(who, `/api/landlord-view/owner-statement?LinkId=${linkId}`);
const expenses = (who: Landlord, linkId: number) => get(who, `/api/landlord-view/expenses?LinkId=${linkId}`);
const decide = (who: Landlord, linkId: number, expenseId: number, approve: boolean) =>
  post(who, '/api/landlord-view/expense/decide', { LinkId: linkId, ExpenseId: expenseId, Approve: approve });

describe('the landlord’s own view', () => {
  it('shows, after the landlord accepts, what the agency manages for them, and lets them approve an expense', async () => {
    const { agency, propId, landlordNo } = await managed();
    const landlord = await signedInUser(app);
    const { linkId, token } = await inviteLandlord(app, agency, landlordNo, landlord.person.Email);

    // Invited is not linked: nothing is shown until the landlord accepts.
    expect((await statement(landlord, linkId)).statusCode).toBe(404);
    const accepted = await post(landlord, '/api/landlord-view/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ LinkId: linkId, message: LANDLORD_LINK_MESSAGES.accepted });

    const s = (await statement(landlord, linkId)).json();
    expect(s).toMatchObject({
      LandlordNo: landlordNo,
      Collected: 20000,
      Commission: 2000,
      TaxWithheld: 1500,
      ClosingBalance: 16500,
    });
    expect(s.Houses).toHaveLength(2);

    const big = (await expense(app, agency, propId, '3,000')).json();
    expect(big.Status).toBe('awaiting_approval');
    expect((await get(landlord, '/api/landlord-view/links')).json()).toEqual([
      expect.objectContaining({ LinkId: linkId, AwaitingApproval: 1 }),
    ]);
    expect((await expenses(landlord, linkId)).json()).toEqual([
      expect.objectContaining({ ExpenseId: big.ExpenseId, Status: 'awaiting_approval' }),
    ]);
    const approved = await decide(landlord, linkId, big.ExpenseId, true);
    expect(approved.statusCode).toBe(200);
    expect((await decide(landlord, linkId, big.ExpenseId, false)).statusCode).toBe(409);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 3000, Balance: 13500 });

    await payout(app, agency, landlordNo, '13,500', key());
    const after = (await statement(landlord, linkId)).json();
    expect(after).toMatchObject({ ExpensesTotal: 3000, PayoutsTotal: 13500, ClosingBalance: 0 });
    expect((await get(landlord, `/api/landlord-view/payouts?LinkId=${linkId}`)).json()).toEqual([
      expect.objectContaining({ Amount: 13500 }),
    ]);
    const pdf = await get(landlord, `/api/landlord-view/owner-statement.pdf?LinkId=${linkId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('a declined expense is never paid', async () => {
    const { agency, propId, landlordNo } = await managed();
    const landlord = await signedInUser(app);
    const linkId = await linkedLandlord(app, agency, landlordNo, landlord);
    const big = (await expense(app, agency, propId, '2,500')).json();
    expect((await decide(landlord, linkId, big.ExpenseId, false)).statusCode).toBe(200);
    expect((await expenses(landlord, linkId)).json()).toEqual([
      expect.objectContaining({ Status: 'rejected' }),
    ]);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 0, Balance: 16500 });
  });

  it('mails the invitation in the language the office keeps for the landlord, whatever the office reads', async () => {
    const { agency, landlordNo } = await managed();
    await app.database.db.execute(sql`UPDATE clients SET preferred_language = 'sw' WHERE client_no = ${landlordNo}`);
    const landlord = await signedInUser(app);
    const invite = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/landlord-money/landlord-invite',
        headers: { ...agency.auth, ...headers },
        payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, Email: landlord.person.Email },
      });
    expect((await invite({ 'accept-language': 'en' })).statusCode).toBe(200);
    const mail = await lastMailTo(app, landlord.person.Email);
    expect(mail.subject).toBe('Baraka Homes inakualika uone majengo yako kwenye Makazi');
    expect(mail.body).toMatch(/^Mpendwa .+,\n\nBaraka Homes inasimamia majengo yako/);
    expect(englishIn(mail)).toEqual([]);
    const token = mail.body.match(/\/landlord-invite\/([A-Za-z0-9_-]{43})/)?.[1];
    expect((await post(landlord, '/api/landlord-view/accept', { token })).statusCode).toBe(200);

    const english = await managed();
    const other = await signedInUser(app);
    await inviteLandlord(app, english.agency, english.landlordNo, other.person.Email);
    expect((await lastMailTo(app, other.person.Email)).subject).toBe('Baraka Homes invites you to see your properties on Makazi');
  });

  it('an invitation is accepted only by a user of the address it went to, once', async () => {
    const { agency, landlordNo } = await managed();
    const landlord = await signedInUser(app);
    const stranger = await signedInUser(app);
    const { linkId, token } = await inviteLandlord(app, agency, landlordNo, landlord.person.Email);
    const wrong = await post(stranger, '/api/landlord-view/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(LANDLORD_LINK_MESSAGES.otherEmail);
    expect((await statement(stranger, linkId)).statusCode).toBe(404);
    expect((await post(landlord, '/api/landlord-view/accept', { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'POST', url: '/api/landlord-view/accept', payload: { token } })).statusCode,
    ).toBe(401);
    expect((await post(landlord, '/api/landlord-view/accept', { token })).statusCode).toBe(200);
    // Accepting again is harmless; the link stays the landlord's.
    expect((await post(landlord, '/api/landlord-view/accept', { token })).statusCode).toBe(200);
    expect((await statement(stranger, linkId)).statusCode).toBe(404);
  });

  it('sees nothing of the agency’s other landlords, and cannot write', async () => {
    const agency = await agencyWithOwner(app);
    const mine = await managed(agency);
    const theirs = await managed(agency);
    const landlord = await signedInUser(app);
    const linkId = await linkedLandlord(app, agency, mine.landlordNo, landlord);
    const otherExpense = (await expense(app, agency, theirs.propId, '2,500')).json().ExpenseId;
    await expense(app, agency, mine.propId, '100');

    const s = (await statement(landlord, linkId)).json();
    expect(s.LandlordNo).toBe(mine.landlordNo);
    expect(new Set(s.Houses.map((h: { PropId: number }) => h.PropId))).toEqual(new Set([mine.propId]));
    expect((await expenses(landlord, linkId)).json()).toEqual([
      expect.objectContaining({ PropId: mine.propId }),
    ]);
    expect((await decide(landlord, linkId, otherExpense, true)).statusCode).toBe(404);
    expect(
      (await get(landlord, `/api/landlord-view/expense/receipt?LinkId=${linkId}&ExpenseId=${otherExpense}`))
        .statusCode,
    ).toBe(404);
    expect((await landlordBalances(app, agency)).map((b) => b.Expenses).sort()).toEqual([0, 100]);

    // The agency's own routes stay closed to the landlord: they have no tie to the account.
    expect(
      (await get(landlord, `/api/landlord-money/balances?managingAgentId=${agency.agentId}`)).statusCode,
    ).toBe(404);
    const spend = await post(landlord, '/api/landlord-money/expense', {
      managingAgentId: agency.agentId,
      PropId: mine.propId,
      ExpenseDate: '2026-06-10',
      Category: 'repairs',
      Payee: 'Me',
      Amount: '10',
    });
    expect(spend.statusCode).toBe(404);
  });

  it('a landlord with two agencies sees each apart; either side can revoke', async () => {
    const one = await managed();
    const two = await managed();
    const landlord = await signedInUser(app);
    const first = await linkedLandlord(app, one.agency, one.landlordNo, landlord);
    const second = await linkedLandlord(app, two.agency, two.landlordNo, landlord);
    const links = (await get(landlord, '/api/landlord-view/links')).json();
    expect(links.map((l: { LinkId: number }) => l.LinkId).sort()).toEqual([first, second].sort());
    expect(
      (await statement(landlord, first))
        .json()
        .Houses.every((h: { PropId: number }) => h.PropId === one.propId),
    ).toBe(true);
    expect(
      (await statement(landlord, second))
        .json()
        .Houses.every((h: { PropId: number }) => h.PropId === two.propId),
    ).toBe(true);

    const agencyLinks = (
      await get(one.agency, `/api/landlord-money/landlord-links?managingAgentId=${one.agency.agentId}`)
    ).json();
    expect(agencyLinks).toEqual([
      expect.objectContaining({ LinkId: first, Status: 'linked', LandlordNo: one.landlordNo }),
    ]);
    // Another agency cannot revoke this one's link.
    expect(
      (
        await post(two.agency, '/api/landlord-money/landlord-link/revoke', {
          managingAgentId: two.agency.agentId,
          LinkId: first,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(one.agency, '/api/landlord-money/landlord-link/revoke', {
          managingAgentId: one.agency.agentId,
          LinkId: first,
        })
      ).statusCode,
    ).toBe(200);
    expect((await statement(landlord, first)).statusCode).toBe(404);
    expect((await post(landlord, '/api/landlord-view/revoke', { LinkId: second })).statusCode).toBe(200);
    expect((await statement(landlord, second)).statusCode).toBe(404);
    expect((await get(landlord, '/api/landlord-view/links')).json()).toEqual([]);
  });

  it('refuses to invite for a landlord’s own account, or a client who is not the agency’s landlord', async () => {
    const own = await agencyWithOwner(app, landlordAccount);
    const res = await post(own, '/api/landlord-money/landlord-invite', {
      managingAgentId: own.agentId,
      LandlordNo: own.clientNo,
      Email: 'a@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LANDLORD_LINK_MESSAGES.noLinksForLandlordAccount);
    const { agency } = await managed();
    const other = await managed();
    const stranger = await post(agency, '/api/landlord-money/landlord-invite', {
      managingAgentId: agency.agentId,
      LandlordNo: other.landlordNo,
      Email: 'b@example.com',
    });
    expect(stranger.statusCode).toBe(404);
    const bad = await post(agency, '/api/landlord-money/landlord-invite', {
      managingAgentId: agency.agentId,
      LandlordNo: other.landlordNo,
      Email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
  });
});
