import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, invoicingDetails, pay, runInvoices, statementOf, tenancyOf, terminate, type Agency } from '../../test/estate';
import { landlordBalances, owedOnward, payout, setAgreement, trustOf } from '../../test/landlord';

/**
 * Moving in (issue 35, decision 042): the go-live month is the first Makazi
 * charges, and what was owed and held at go-live is entered as opening
 * balances — journal entries of their own, never receipts — that flow as the
 * charges and money they stand for.
 */
const clock = manualClock(new Date('2024-11-15T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `opening-key-${++seq}`;
const post = (agency: Agency, path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/opening-balances${path}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
const get = (agency: Agency, url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}managingAgentId=${agency.agentId}`, headers: agency.auth });
const goLive = (agency: Agency, month: string | null) => post(agency, '/go-live', { GoLiveMonth: month });
const enter = (agency: Agency, rows: object[]) => post(agency, '/tenancies', { Tenancies: rows });
const reverseTenancy = (agency: Agency, tenancyId: number, reason = 'Typed from the wrong ledger') => post(agency, '/tenancy/reverse', { TenancyId: tenancyId, reason });
/** The clock moved on: the owner signs in again (an access token lasts minutes). */
const later = async (agency: Agency, at: string) => {
  clock.set(new Date(at));
  Object.assign(agency, await signInAgain(app, agency));
};
const balanceOf = async (agency: Agency, landlordNo: number) => (await landlordBalances(app, agency)).find((b) => b.LandlordNo === landlordNo)?.Balance ?? 0;
const statementLines = async (agency: Agency, tenancyId: number) =>
  (await statementOf(app, agency, tenancyId)).json() as { TransactionDetails: string; Debit: number; Credit: number; Balance: number }[];

describe('the go-live month', () => {
  it('a tenancy that started two years before go-live is charged from go-live on, and the status says so', async () => {
    clock.set(new Date('2024-11-15T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { rent: '10,000', deposit: '0' });
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    await later(agency, '2026-11-15T09:00:00Z');
    expect((await goLive(agency, '2026-10')).statusCode).toBe(200);
    const status = (await invoicingDetails(app, agency)).json();
    expect(status.GoLiveMonth).toBe('2026-10-01');
    expect(status.Due.map((d: { Month: string }) => d.Month)).toEqual(['2026-10-01', '2026-11-01']);
    const run = await runInvoices(app, agency);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().months).toEqual(['2026-10-01', '2026-11-01']);
    const rent = (await statementLines(agency, id)).filter((l) => l.TransactionDetails.startsWith('Rent for')).map((l) => l.TransactionDetails);
    // November 2024 was charged by the booking, before go-live was set; nothing between it and go-live.
    expect(rent).toEqual(['Rent for November 2024', 'Rent for October 2026', 'Rent for November 2026']);
  });

  it('a tenancy booked before go-live is not charged rent until go-live, and water is not confirmed for a month before it', async () => {
    clock.set(new Date('2026-10-10T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { rent: '10,000', deposit: '0' });
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await tenancyOf(app, agency, id)).RentBalance).toBe(0);
    const api = chargesApi(app);
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(200);
    expect((await api.saveReadings(agency, { PropId: propId, Month: '2026-10', Readings: [{ HouseId: houseIds[0], Reading: 10, StartReading: 0 }] })).statusCode).toBe(200);
    expect((await api.confirmWater(agency, { PropId: propId, Month: '2026-10' })).statusCode).toBe(409);
    await later(agency, '2026-11-02T09:00:00Z');
    expect((await runInvoices(app, agency)).json().months).toEqual(['2026-11-01']);
    expect((await tenancyOf(app, agency, id)).RentBalance).toBe(10000);
  });
});

/** An 8% agreement withholding MRI at 7.5% from 1 October 2026, go-live November 2026, a pass-through service charge of 1,000. */
async function movingIn() {
  clock.set(new Date('2026-10-05T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 2, rent: '20,000', deposit: '20,000' });
  expect((await setAgreement(app, agency, place.propId, { CommissionPercent: '8.00', WithholdTax: true })).statusCode).toBe(200);
  const service = await chargesApi(app).addCharge(agency, { PropId: place.propId, Name: 'Service charge', Amount: '1,000', PassThrough: true });
  expect(service.statusCode, service.body).toBe(200);
  expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
  return { agency, ...place, serviceId: service.json().ChargeId as number };
}

describe('opening balances of a tenancy', () => {
  it('arrears by kind are paid in the order of §4a and each reaches its owner, commission and tax taken on collection', async () => {
    const { agency, houseIds, tenant, landlordNo, serviceId } = await movingIn();
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    const entered = await enter(agency, [
      { TenancyId: id, RentArrears: '30,000', ChargeArrears: [{ ChargeId: serviceId, Amount: '1,500' }], OtherArrears: '500', DepositHeld: '20,000' },
    ]);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({ Entries: 4, Tenancies: 1 });
    const t = await tenancyOf(app, agency, id);
    expect(t).toMatchObject({ RentBalance: 32000, DepositDue: 0, DepositHeld: 20000, ChargesDue: 2000 });
    expect(await trustOf(app, agency)).toMatchObject({ BroughtForward: 20000, DepositsHeld: 20000, Difference: 0 });
    const details = (await statementLines(agency, id)).map((l) => l.TransactionDetails);
    expect(details).toEqual(
      expect.arrayContaining([
        'Balance brought forward: rent',
        'Balance brought forward: Service charge',
        'Balance brought forward: other charges',
        'Balance brought forward: deposit held of Ksh 20,000.00',
      ]),
    );
    // Nothing is the landlord's until collected.
    expect(await balanceOf(agency, landlordNo)).toBe(0);

    await later(agency, '2026-11-02T09:00:00Z');
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    // The arrears are the oldest charges: a payment of 32,000 pays them and leaves November open.
    expect((await pay(app, agency, id, '32,000', key())).statusCode).toBe(200);
    const kinds = (await chargesApi(app).tenancy(agency, id)).json();
    expect(kinds.Open.map((c: { Details: string }) => c.Details).sort()).toEqual(['Rent for November 2026', 'Service charge for November 2026']);
    // Rent 30,000 less 8% commission (2,400) and 7.5% tax (2,250); the other charges' 500 is the landlord's whole.
    expect(await balanceOf(agency, landlordNo)).toBe(25350 + 500);
    expect((await owedOnward(app, agency)).find((o) => o.Charge === `charge:${serviceId}`)).toMatchObject({ Owed: 1500 });
    expect(await trustOf(app, agency)).toMatchObject({ Received: 32000, BroughtForward: 20000, Difference: 0 });
  });

  it('a credit held pays the first run, and the deposit held is refunded at settlement', async () => {
    const { agency, houseIds, tenant, landlordNo } = await movingIn();
    const id = await bookOk(app, agency, houseIds[1]!, await tenant());
    expect((await enter(agency, [{ TenancyId: id, DepositHeld: '20,000', CreditHeld: '5,000' }])).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, id)).toMatchObject({ RentBalance: -5000, DepositDue: 0, DepositHeld: 20000 });
    expect(await trustOf(app, agency)).toMatchObject({ BroughtForward: 25000, TenantCredits: 5000, Difference: 0 });

    await later(agency, '2026-11-02T09:00:00Z');
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    // 21,000 charged (rent and the service charge), 5,000 of it paid by the credit.
    expect((await tenancyOf(app, agency, id)).RentBalance).toBe(16000);
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, Difference: 0 });
    expect(await balanceOf(agency, landlordNo)).toBeGreaterThan(0);

    const ended = await terminate(app, agency, id, { refundAmount: '20,000', refundDetails: 'M-Pesa 0711222333' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await tenancyOf(app, agency, id)).toMatchObject({ DepositHeld: 0, RentBalance: 16000 });
    expect(await trustOf(app, agency)).toMatchObject({ DepositsHeld: 0, Difference: 0 });
  });

  it('is reversed with a reason, entered again, and refused twice, after go-live moves, without go-live, at three decimals, for another agency', async () => {
    const { agency, houseIds, tenant } = await movingIn();
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '0.005' }])).statusCode).toBe(400);
    expect((await enter(agency, [{ TenancyId: id }])).statusCode).toBe(400);
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '100', CreditHeld: '50' }])).statusCode).toBe(400);
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '100' }, { TenancyId: id, RentArrears: '100' }])).statusCode).toBe(400);
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '4,000', CreditHeld: '0' }])).statusCode).toBe(200);
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '4,000' }])).statusCode).toBe(409);
    expect((await goLive(agency, '2026-12')).statusCode).toBe(409);
    const other = await agencyWithOwner(app);
    expect((await goLive(other, '2026-11')).statusCode).toBe(200);
    expect((await enter(other, [{ TenancyId: id, RentArrears: '1' }])).statusCode).toBe(404);
    expect((await reverseTenancy(other, id)).statusCode).toBe(404);

    const reversed = await reverseTenancy(agency, id);
    expect(reversed.statusCode, reversed.body).toBe(200);
    // The deposit the booking charged is all it owes again.
    expect((await tenancyOf(app, agency, id)).RentBalance).toBe(20000);
    expect((await statementLines(agency, id)).map((l) => l.TransactionDetails)).toContain('Reversal of opening balance: Typed from the wrong ledger');
    expect((await reverseTenancy(agency, id)).statusCode).toBe(409);
    expect((await enter(agency, [{ TenancyId: id, RentArrears: '3,000' }])).statusCode).toBe(200);
    expect((await tenancyOf(app, agency, id)).RentBalance).toBe(23000);
    const list = (await get(agency, '/api/opening-balances')).json();
    expect(list.GoLiveMonth).toBe('2026-11-01');
    expect(list.Tenancies).toMatchObject([{ TenancyId: id, Entries: [{ Details: 'Balance brought forward: rent', Amount: 3000 }] }]);

    const none = await agencyWithOwner(app);
    const place = await estate(app, none, { rent: '1,000', deposit: '0' });
    const lone = await bookOk(app, none, place.houseIds[0]!, await place.tenant());
    expect((await enter(none, [{ TenancyId: lone, RentArrears: '1' }])).statusCode).toBe(409);
  });
});

describe('opening balances of a landlord and a meter', () => {
  it("a landlord's balance at go-live shows on the owner statement, is paid out, and is refused once the month is closed", async () => {
    const { agency, landlordNo } = await movingIn();
    const entered = await post(agency, '/landlords', { Landlords: [{ LandlordNo: landlordNo, Amount: '50,000' }] });
    expect(entered.statusCode, entered.body).toBe(200);
    expect((await post(agency, '/landlords', { Landlords: [{ LandlordNo: landlordNo, Amount: '1' }] })).statusCode).toBe(409);
    expect(await balanceOf(agency, landlordNo)).toBe(50000);
    expect(await trustOf(app, agency)).toMatchObject({ BroughtForward: 50000, OwedToLandlords: 50000, PaidOut: 0, Difference: 0 });
    const statement = (await get(agency, `/api/landlord-money/owner-statement?LandlordNo=${landlordNo}&month=2026-11`)).json();
    expect(statement).toMatchObject({ OpeningBalance: 0, BroughtForward: 50000, ClosingBalance: 50000 });

    await later(agency, '2026-11-06T09:00:00Z');
    expect((await payout(app, agency, landlordNo, '50,000', key())).statusCode).toBe(200);
    expect(await balanceOf(agency, landlordNo)).toBe(0);
    expect(await trustOf(app, agency)).toMatchObject({ PaidOut: 50000, Difference: 0 });

    await later(agency, '2026-12-03T09:00:00Z');
    const close = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/month/close',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-11' },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect((await post(agency, '/landlord/reverse', { LandlordNo: landlordNo, reason: 'Wrong figure' })).statusCode).toBe(409);
  });

  it("a landlord's opening balance is reversed with a reason while the month is open", async () => {
    const { agency, landlordNo } = await movingIn();
    expect((await post(agency, '/landlords', { Landlords: [{ LandlordNo: landlordNo, Amount: '7,000' }] })).statusCode).toBe(200);
    expect((await post(agency, '/landlord/reverse', { LandlordNo: landlordNo, reason: 'Wrong figure' })).statusCode).toBe(200);
    expect(await balanceOf(agency, landlordNo)).toBe(0);
    expect(await trustOf(app, agency)).toMatchObject({ BroughtForward: 0, Difference: 0 });
    expect((await post(agency, '/landlord/reverse', { LandlordNo: landlordNo, reason: 'Again' })).statusCode).toBe(409);
  });

  it("a meter's last reading is where the go-live month's consumption starts", async () => {
    const { agency, propId, houseIds, tenant } = await movingIn();
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    const api = chargesApi(app);
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(200);
    const meters = await post(agency, '/meters', { Meters: [{ HouseId: houseIds[0], Reading: '1,234' }] });
    expect(meters.statusCode, meters.body).toBe(200);
    await later(agency, '2026-11-20T09:00:00Z');
    expect((await api.saveReadings(agency, { PropId: propId, Month: '2026-11', Readings: [{ HouseId: houseIds[0], Reading: 1246 }] })).statusCode).toBe(200);
    expect((await api.confirmWater(agency, { PropId: propId, Month: '2026-11' })).statusCode).toBe(200);
    expect((await statementLines(agency, id)).map((l) => l.TransactionDetails)).toContain('Water: 12 units × Ksh 150.00 (1,234 → 1,246)');
    // A reading saved for go-live: the one before it no longer changes.
    expect((await post(agency, '/meters', { Meters: [{ HouseId: houseIds[0], Reading: 1 }] })).statusCode).toBe(409);
  });
});
