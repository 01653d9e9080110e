import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { transferFees } from '../../test/fee-transfers';
import { landlordBalances, payout, setAgreement, trustOf } from '../../test/landlord';
import { pdfWords } from '../../test/pdf-text';

/**
 * Client money (docs/decisions/043-client-money.md): the client accounts, a
 * day's reconciliation of their statement balances with what the books say
 * (the trust screen as of the end of that day), kept and replaced, never
 * edited; and the accountant's year-end pack, agreeing with the trust screen
 * to the shilling.
 */
// Time only goes forward here: a session's tokens are checked against this clock, and a person signs in again after days away.
const clock = manualClock(new Date('2026-01-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `client-money-key-${++seq}`;
const day = () => clock.now().toISOString().slice(0, 10);
const get = (agency: Agency, path: string, query: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/api/client-money/${path}?${new URLSearchParams({ managingAgentId: String(agency.agentId), ...query })}`,
    headers: agency.auth,
  });
const post = (agency: Agency, path: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/client-money/${path}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
/** Days later: the clock moved on, the agency signed in again. */
async function later(agency: Agency, at: Date) {
  clock.set(at);
  Object.assign(agency, await signInAgain(app, agency));
}
const addAccount = async (agency: Agency, fields: Record<string, unknown> = {}) => {
  const res = await post(agency, 'account', { Name: 'KCB client account', Kind: 'bank', Number: '1100223344', ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().AccountId as number;
};
const reconcile = (agency: Agency, fields: Record<string, unknown>) => post(agency, 'reconciliation', { Day: day(), Items: [], idempotencyKey: key(), ...fields });

/** An agency at 10% commission: a tenant paid 30,000 (deposit 20,000 and rent 10,000), the landlord paid 4,000, fees of 500 transferred. */
async function agencyWithMoney() {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '20,000' });
  expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  expect((await pay(app, agency, tenancyId, '30,000', key())).statusCode).toBe(200);
  expect((await payout(app, agency, landlordNo, '4,000', key())).statusCode).toBe(200);
  expect((await transferFees(app, agency, '500', key())).statusCode).toBe(200);
  return { agency, landlordNo, tenancyId };
}

describe('client accounts', () => {
  it('are added, listed and changed by the agency; at least one stays in use; another agency’s is not found', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    expect((await get(agency, 'accounts')).json()).toEqual([]);

    const bad = await post(agency, 'account', { Name: 'Equity', Kind: 'savings', Number: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose bank or paybill');
    const blank = await post(agency, 'account', { Name: ' ', Kind: 'bank', Number: '1' });
    expect(blank.json().message).toBe('Enter the account’s name');

    const bank = await addAccount(agency);
    const paybill = await addAccount(agency, { Name: 'Rent paybill', Kind: 'paybill', Number: '522522' });
    expect((await get(agency, 'accounts')).json()).toEqual([
      { AccountId: bank, Name: 'KCB client account', Kind: 'bank', Number: '1100223344', Active: true },
      { AccountId: paybill, Name: 'Rent paybill', Kind: 'paybill', Number: '522522', Active: true },
    ]);

    const off = await post(agency, 'account/update', { AccountId: paybill, Name: 'Rent paybill', Kind: 'paybill', Number: '522522', Active: false });
    expect(off.statusCode, off.body).toBe(200);
    const last = await post(agency, 'account/update', { AccountId: bank, Name: 'KCB client account', Kind: 'bank', Number: '1100223344', Active: false });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('The agency must keep at least one client account in use');
    expect((await get(agency, 'accounts')).json().map((a: { Active: boolean }) => a.Active)).toEqual([true, false]);

    const theirs = await post(other, 'account/update', { AccountId: bank, Name: 'Taken', Kind: 'bank', Number: '9', Active: true });
    expect(theirs.statusCode).toBe(404);
    expect((await get(agency, 'accounts')).json()[0].Name).toBe('KCB client account');
  });
});

describe('a day’s reconciliation', () => {
  it('reads the books as the trust screen does, lists every difference, and is kept when a new one replaces it', async () => {
    const { agency } = await agencyWithMoney();
    const trust = await trustOf(app, agency);
    expect(trust.Difference).toBe(0);
    const books = await get(agency, 'books', { Day: day() });
    expect(books.statusCode, books.body).toBe(200);
    // The same formula as the trust screen, to the shilling.
    expect(books.json()).toEqual({ Day: day(), Books: trust });

    const refused = await reconcile(agency, { Balances: [{ AccountId: 1, Balance: '1' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Add the agency’s client account before reconciling');

    const bank = await addAccount(agency);
    const paybill = await addAccount(agency, { Name: 'Rent paybill', Kind: 'paybill', Number: '522522' });
    const missing = await reconcile(agency, { Balances: [{ AccountId: bank, Balance: '20,000' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the statement balance of every client account in use');
    const future = await reconcile(agency, { Day: '2026-01-11', Balances: [{ AccountId: bank, Balance: '1' }, { AccountId: paybill, Balance: '1' }] });
    expect(future.json().message).toBe('The day may not be after today');
    const noNote = await reconcile(agency, {
      Balances: [{ AccountId: bank, Balance: '1' }, { AccountId: paybill, Balance: '1' }],
      Items: [{ Kind: 'bank_charge', Amount: '50', Note: '' }],
    });
    expect(noNote.json().message).toBe('Say what the reconciling item is');
    expect((await get(agency, 'reconciliations')).json()).toEqual([]);

    // Held 25,500 (30,000 in, 4,000 paid out, 500 fees moved); the statements show 22,000, the items explain 3,050 of the rest.
    expect(trust.Held).toBe(25500);
    const first = await reconcile(agency, {
      Balances: [{ AccountId: bank, Balance: '21,000' }, { AccountId: paybill, Balance: '1,000' }],
      Items: [
        { Kind: 'uncleared_deposit', AccountId: bank, Amount: '3,000', Note: 'Cheque banked on the 10th' },
        { Kind: 'bank_charge', AccountId: null, Amount: '50', Note: 'Ledger fee' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [one] = (await get(agency, 'reconciliations')).json();
    expect(one).toMatchObject({
      ReconId: first.json().ReconId,
      Day: day(),
      Books: 25500,
      OwedToLandlords: trust.OwedToLandlords,
      DepositsHeld: trust.DepositsHeld,
      TenantCredits: trust.TenantCredits,
      CommissionNotTaken: trust.CommissionNotTaken,
      TrustDifference: 0,
      Statement: 22000,
      ItemsTotal: 3050,
      Unexplained: 450,
      Replaced: false,
    });
    expect(one.Balances).toHaveLength(2);
    expect(one.Items).toEqual([
      { Kind: 'uncleared_deposit', AccountId: bank, Account_name: 'KCB client account', Amount: 3000, Note: 'Cheque banked on the 10th' },
      { Kind: 'bank_charge', AccountId: null, Account_name: null, Amount: 50, Note: 'Ledger fee' },
    ]);

    // The same form twice is the first; a new one for the day replaces it and both are kept.
    const again = await post(agency, 'reconciliation', {
      Day: day(),
      Balances: [{ AccountId: bank, Balance: '21,000' }, { AccountId: paybill, Balance: '1,000' }],
      Items: [],
      idempotencyKey: 'client-money-same-form',
    });
    const twice = await post(agency, 'reconciliation', {
      Day: day(),
      Balances: [{ AccountId: bank, Balance: '21,000' }, { AccountId: paybill, Balance: '1,000' }],
      Items: [],
      idempotencyKey: 'client-money-same-form',
    });
    expect(twice.json().ReconId).toBe(again.json().ReconId);
    const clash = await post(agency, 'reconciliation', {
      Day: day(),
      Balances: [{ AccountId: bank, Balance: '9' }, { AccountId: paybill, Balance: '1,000' }],
      idempotencyKey: 'client-money-same-form',
    });
    expect(clash.statusCode).toBe(409);
    const second = await reconcile(agency, {
      Balances: [{ AccountId: bank, Balance: '21,000' }, { AccountId: paybill, Balance: '1,000' }],
      Items: [{ Kind: 'uncleared_deposit', AccountId: bank, Amount: '3,500', Note: 'Cheque banked on the 10th' }],
    });
    const history = (await get(agency, 'reconciliations')).json() as { ReconId: number; Replaced: boolean; Unexplained: number }[];
    expect(history.map((r) => [r.ReconId, r.Replaced, r.Unexplained])).toEqual([
      [second.json().ReconId, false, 0],
      [again.json().ReconId, true, 3500],
      [first.json().ReconId, true, 450],
    ]);
  });

  it('reads the books as they stood at the end of a past day, whatever was posted since', async () => {
    const { agency, landlordNo } = await agencyWithMoney();
    const then = await trustOf(app, agency);
    const thatDay = day();
    await later(agency, new Date(clock.now().getTime() + 86_400_000));
    expect((await payout(app, agency, landlordNo, '1,000', key())).statusCode).toBe(200);
    const now = await trustOf(app, agency);
    expect(now.Held).toBe(then.Held - 1000);
    expect((await get(agency, 'books', { Day: thatDay })).json().Books).toEqual(then);
    expect((await get(agency, 'books', { Day: day() })).json().Books).toEqual(now);
  });
});

describe('the accountant’s year-end pack', () => {
  it('agrees with the trust screen to the shilling, as JSON, CSV and PDF, and lists the exceptions', async () => {
    clock.set(new Date('2026-01-20T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    // Money before the year: the pack opens with it held.
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '20,000' });
    expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
    const a = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, a, '30,000', key())).statusCode).toBe(200);
    const bank = await addAccount(agency);

    await later(agency, new Date('2026-02-03T09:00:00Z'));
    const b = await bookOk(app, agency, houseIds[1]!, await tenant());
    expect((await pay(app, agency, b, '35,000', key())).statusCode).toBe(200);
    expect((await payout(app, agency, landlordNo, '6,000', key())).statusCode).toBe(200);
    expect((await transferFees(app, agency, '700', key())).statusCode).toBe(200);
    const feb = await trustOf(app, agency);
    expect((await reconcile(agency, { Balances: [{ AccountId: bank, Balance: String(feb.Held - 10) }] })).statusCode).toBe(200);

    await later(agency, new Date('2026-03-05T09:00:00Z'));
    expect((await payout(app, agency, landlordNo, '1,000', key())).statusCode).toBe(200);
    const trust = await trustOf(app, agency);
    expect(trust.Difference).toBe(0);

    const res = await get(agency, 'year-end', { from: '2026-02-01', to: day() });
    expect(res.statusCode, res.body).toBe(200);
    const pack = res.json();
    // The closing figures are the trust screen's.
    expect(pack.Closing).toEqual(trust);
    // The movements take the opening to the closing, to the shilling.
    const cents = (x: number) => Math.round(x * 100);
    expect(cents(pack.Opening.Held) + cents(pack.Totals.Received) - cents(pack.Totals.PaidOut)).toBe(cents(trust.Held));
    expect(cents(pack.Totals.Received)).toBe(cents(trust.Received) - cents(pack.Opening.Received));
    expect(cents(pack.Totals.PaidOut)).toBe(cents(trust.PaidOut) - cents(pack.Opening.PaidOut));
    expect(pack.Totals).toMatchObject({ Received: 35000, PaidToLandlords: 7000, FeesTransferred: 700, PaidOut: 7700 });
    expect(pack.Movements.map((m: { Month: string }) => m.Month)).toEqual(['2026-02', '2026-03']);
    // Who the money at year end belongs to adds up to the trust screen's parts.
    const sum = (xs: number[]) => xs.reduce((s, x) => s + cents(x), 0);
    expect(sum(pack.Landlords.map((l: { Balance: number }) => l.Balance))).toBe(cents(trust.OwedToLandlords));
    expect(pack.Landlords).toEqual([expect.objectContaining({ LandlordNo: landlordNo, Balance: (await landlordBalances(app, agency))[0]!.Balance })]);
    expect(sum(pack.Tenants.map((t: { DepositHeld: number }) => t.DepositHeld))).toBe(cents(trust.DepositsHeld));
    expect(sum(pack.Tenants.map((t: { Credit: number }) => t.Credit))).toBe(cents(trust.TenantCredits));
    expect(pack.Reconciliations).toHaveLength(1);
    expect(pack.Exceptions).toEqual([
      { Kind: 'unexplained_difference', Day: '2026-02-03', Month: null, Name: null, Amount: 10 },
      { Kind: 'month_not_reconciled', Day: null, Month: '2026-03', Name: null, Amount: null },
    ]);

    const csv = await get(agency, 'year-end.csv', { from: '2026-02-01', to: day() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const held = trust.Held.toFixed(2);
    expect(csv.body).toContain(`Closing,2026-03-05,,Held,${held}`);
    expect(csv.body).toContain(`Movement,Total,,Received,${pack.Totals.Received.toFixed(2)}`);
    expect(csv.body).toContain('Exception,2026-03,,month_not_reconciled,');

    const pdf = await get(agency, 'year-end.pdf', { from: '2026-02-01', to: day() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const words = pdfWords(pdf.rawPayload);
    expect(words).toContain('accountant');
    expect(words).toContain('No reconciliation in 2026-03');
  });

  it('refuses a period backwards, ending after today or longer than a year, and another agency’s books', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    expect((await get(agency, 'year-end', { from: '2026-03-01', to: '2026-02-01' })).json().message).toBe('The end of the period may not be before its start');
    expect((await get(agency, 'year-end', { from: '2026-03-01', to: '2026-03-06' })).json().message).toBe('The day may not be after today');
    expect((await get(agency, 'year-end', { from: '2025-01-01', to: '2026-03-01' })).json().message).toBe('A practice year is at most 366 days');
    expect((await get(agency, 'year-end', { from: '2026-02-30', to: '2026-03-01' })).statusCode).toBe(400);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/client-money/year-end?managingAgentId=${agency.agentId}&from=2026-01-01&to=2026-03-01`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('counts what was brought forward at go-live apart from money received, and still takes the opening to the closing', async () => {
    clock.set(new Date('2026-04-02T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '20,000' });
    expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const opening = (path: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/opening-balances/${path}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
    expect((await opening('go-live', { GoLiveMonth: '2026-04' })).statusCode).toBe(200);
    const held = await opening('tenancies', { Tenancies: [{ TenancyId: tenancyId, DepositHeld: '20,000' }] });
    expect(held.statusCode, held.body).toBe(200);
    expect((await opening('landlords', { Landlords: [{ LandlordNo: landlordNo, Amount: '5,000' }] })).statusCode).toBe(200);
    expect((await pay(app, agency, tenancyId, '10,000', key())).statusCode).toBe(200);
    const trust = await trustOf(app, agency);
    expect(trust).toMatchObject({ BroughtForward: 25000, Received: 10000, Difference: 0 });

    const pack = (await get(agency, 'year-end', { from: '2026-04-01', to: day() })).json();
    const cents = (x: number) => Math.round(x * 100);
    expect(pack.Totals).toMatchObject({ Received: 10000, BroughtForward: 25000, RefundsToTenants: 0, PaidOut: 0 });
    expect(cents(pack.Opening.Held) + cents(pack.Totals.Received) + cents(pack.Totals.BroughtForward) - cents(pack.Totals.PaidOut)).toBe(
      cents(trust.Held),
    );
  });
});
