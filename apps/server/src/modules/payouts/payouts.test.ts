import { MONEY_OUT_MESSAGES } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse } from '../../test/estate';
import { landlordBalances, payout, remittanceRun, setAgreement, trustOf } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `payout-key-${++seq}`;

/** An agency whose landlord is owed 16,500 (20,000 collected at 10% with MRI withheld). */
async function owed() {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  await setAgreement(app, agency, propId, { WithholdTax: true });
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  await pay(app, agency, tenancyId, '20,000', key());
  return { agency, landlordNo, propId };
}

describe('payouts to landlords', () => {
  it('a remittance run cut by a database fault says which payouts it recorded and which it did not', async () => {
    const agency = await agencyWithOwner(app);
    const landlords: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
      await setAgreement(app, agency, propId, { WithholdTax: true });
      await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
      landlords.push(landlordNo);
    }
    // The database goes away after the first landlord's payout is committed.
    const db = app.database.db;
    const transaction = db.transaction;
    let calls = 0;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      calls += 1;
      return calls === 1 ? transaction(...args) : Promise.reject(new Error('Connection terminated unexpectedly'));
    }) as typeof transaction;
    let res;
    try {
      res = await remittanceRun(app, agency, key(), landlords.map((LandlordNo) => ({ LandlordNo, Amount: 16500 })));
    } finally {
      db.transaction = transaction;
    }
    expect(res.statusCode, res.body).toBe(200);
    const [paid, ...rest] = res.json() as { LandlordNo: number; Status: string; PayoutId: number | null; message: string }[];
    expect(paid).toMatchObject({ LandlordNo: landlords[0], Status: 'paid', PayoutId: expect.any(Number) });
    expect(rest).toEqual(
      landlords.slice(1).map((LandlordNo) => ({
        LandlordNo,
        Landlord_name: expect.any(String),
        Status: 'not recorded',
        PayoutId: null,
        message: MONEY_OUT_MESSAGES.runStopped,
      })),
    );
    const balances = await landlordBalances(app, agency);
    expect(balances.map((b) => b.Payouts).sort()).toEqual([0, 0, 16500]);
  });

  it('tells a landlord whose account is short that nothing is owed, never "more than the Ksh -… owed"', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    await setAgreement(app, agency, propId, { WithholdTax: true });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const paid = await pay(app, agency, tenancyId, '20,000', key());
    expect((await payout(app, agency, landlordNo, '16,500', key())).statusCode).toBe(200);
    // The rent turns out to have bounced after the landlord was paid: the landlord now owes the agency.
    expect((await reverse(app, agency, Number(paid.json().TransactionId))).statusCode).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: -16500 });
    const refused = await payout(app, agency, landlordNo, '100', key());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Nothing is owed to Landlord\d+ Mutua: their account is Ksh 16,500.00 short, so no payout can be made$/);
  });

  it('pays up to the balance and refuses more with a clear message, changing nothing', async () => {
    const { agency, landlordNo } = await owed();
    const over = await payout(app, agency, landlordNo, '16,500.01', key());
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^The payout of Ksh 16,500.01 is more than the Ksh 16,500.00 owed to Landlord\d+ Mutua$/);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 16500, Payouts: 0 });

    expect((await payout(app, agency, landlordNo, '10,000', key())).statusCode).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 6500, Payouts: 10000 });
    expect(await trustOf(app, agency)).toMatchObject({ Received: 20000, PaidOut: 10000, OwedToLandlords: 6500, Difference: 0 });
  });

  it('records a payout once, however often the form is sent', async () => {
    const { agency, landlordNo } = await owed();
    const k = key();
    const [a, b] = await Promise.all([payout(app, agency, landlordNo, '5,000', k), payout(app, agency, landlordNo, '5,000', k)]);
    expect(a.json().PayoutId).toBe(b.json().PayoutId);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 5000, Balance: 11500 });
    expect((await payout(app, agency, landlordNo, '6,000', k)).statusCode).toBe(409);
  });

  it('refuses another agency’s landlord and a future date', async () => {
    const { agency, landlordNo } = await owed();
    const other = await agencyWithOwner(app);
    expect((await payout(app, other, landlordNo, '1', key())).statusCode).toBe(404);
    expect((await payout(app, agency, landlordNo, '1', key(), { PayoutDate: '2026-06-11' })).statusCode).toBe(400);
  });

  it('a remittance run lists who is owed, pays the ticked ones once even when sent twice, and gives an advice PDF', async () => {
    const first = await owed();
    const { agency } = first;
    // A second landlord of the same agency, owed 9,000 (no tax withheld).
    const second = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    await setAgreement(app, agency, second.propId, { PayoutMethod: 'mpesa', PayoutPhone: '0712345678', RemittanceDay: 10 });
    await pay(app, agency, await bookOk(app, agency, second.houseIds[0]!, await second.tenant()), '10,000', key());

    const due = await app.inject({ method: 'GET', url: `/api/landlord-money/remittance?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(due.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ LandlordNo: first.landlordNo, Amount: 16500, PayoutMethod: 'bank', PayoutDetails: 'KCB 1234567890', RemittanceDay: 5 }),
        expect.objectContaining({ LandlordNo: second.landlordNo, Amount: 9000, PayoutMethod: 'mpesa', PayoutDetails: '0712345678' }),
      ]),
    );

    const run = key();
    // The second landlord unticked.
    const once = await remittanceRun(app, agency, run, [{ LandlordNo: first.landlordNo, Amount: 16500 }]);
    expect(once.json()).toEqual([expect.objectContaining({ LandlordNo: first.landlordNo, Status: 'paid' })]);
    const twice = await remittanceRun(app, agency, run, [{ LandlordNo: first.landlordNo, Amount: 16500 }]);
    expect(twice.json()).toEqual([expect.objectContaining({ LandlordNo: first.landlordNo, Status: 'already paid', PayoutId: once.json()[0].PayoutId })]);
    const balances = await landlordBalances(app, agency);
    expect(balances.find((b) => b.LandlordNo === first.landlordNo)).toMatchObject({ Payouts: 16500, Balance: 0 });
    expect(balances.find((b) => b.LandlordNo === second.landlordNo)).toMatchObject({ Payouts: 0, Balance: 9000 });
    expect((await trustOf(app, agency)).Difference).toBe(0);

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/landlord-money/payout/advice.pdf?managingAgentId=${agency.agentId}&PayoutId=${once.json()[0].PayoutId}`,
      headers: agency.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await agencyWithOwner(app);
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/landlord-money/payout/advice.pdf?managingAgentId=${other.agentId}&PayoutId=${once.json()[0].PayoutId}`,
      headers: other.auth,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('a remittance run pays whom it can and says why it refused the others; another agency’s landlord stops it before anything is paid', async () => {
    const first = await owed();
    const { agency } = first;
    const second = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    await setAgreement(app, agency, second.propId, { PayoutMethod: 'mpesa', PayoutPhone: '0712345678' });
    await pay(app, agency, await bookOk(app, agency, second.houseIds[0]!, await second.tenant()), '10,000', key());
    const stranger = (await owed()).landlordNo;

    const refused = await remittanceRun(app, agency, key(), [
      { LandlordNo: first.landlordNo, Amount: 16500 },
      { LandlordNo: stranger, Amount: 1 },
    ]);
    expect(refused.statusCode).toBe(404);
    expect((await landlordBalances(app, agency)).map((b) => b.Payouts)).toEqual([0, 0]);

    const res = await remittanceRun(app, agency, key(), [
      { LandlordNo: second.landlordNo, Amount: 9000.01 },
      { LandlordNo: first.landlordNo, Amount: 16500 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [short, paid] = res.json();
    expect(short).toEqual({
      LandlordNo: second.landlordNo,
      Landlord_name: expect.stringMatching(/^Landlord\d+ Mutua$/),
      Status: 'refused',
      PayoutId: null,
      message: expect.stringMatching(/^The payout of Ksh 9,000.01 is more than the Ksh 9,000.00 owed to Landlord\d+ Mutua$/),
    });
    expect(paid).toMatchObject({ LandlordNo: first.landlordNo, Status: 'paid', PayoutId: expect.any(Number), message: MONEY_OUT_MESSAGES.payoutRecorded });

    // Without a reference the payout is named by the run's day, and paid by the landlord's own method.
    expect((await remittanceRun(app, agency, key(), [{ LandlordNo: second.landlordNo, Amount: 9000 }])).json()[0]).toMatchObject({ Status: 'paid' });
    const listed = await app.inject({ method: 'GET', url: `/api/landlord-money/payouts?managingAgentId=${agency.agentId}&LandlordNo=${second.landlordNo}`, headers: agency.auth });
    expect(listed.json()).toEqual([
      { PayoutId: expect.any(Number), LandlordNo: second.landlordNo, Landlord_name: short.Landlord_name, Amount: 9000, PayoutDate: '2026-06-10', Method: 'mpesa', Reference: 'Remittance 2026-06-10' },
    ]);
  });

  it('a remittance run in January closes the December before it', async () => {
    const start = clock.now();
    try {
      clock.set(new Date('2027-01-05T09:00:00Z'));
      const { agency, landlordNo } = await owed();
      expect((await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: 16500 }])).json()[0]).toMatchObject({ Status: 'paid' });
      const months = await app.inject({ method: 'GET', url: `/api/landlord-money/months?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}`, headers: agency.auth });
      expect(months.json()).toMatchObject({ ClosedThrough: '2026-12', Closures: [expect.objectContaining({ Reason: 'remitted' })] });
    } finally {
      clock.set(start);
    }
  });

  it('a remittance run keeps each payout’s M-Pesa or bank reference and answers with the landlord’s name', async () => {
    const { agency, landlordNo } = await owed();
    const res = await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: 16500, Reference: ' QK7PLM2XYZ ' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ LandlordNo: landlordNo, Landlord_name: expect.stringMatching(/\S/), Status: 'paid' })]);
    const listed = await app.inject({ method: 'GET', url: `/api/landlord-money/payouts?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(listed.json()).toEqual([expect.objectContaining({ LandlordNo: landlordNo, Reference: 'QK7PLM2XYZ', Landlord_name: res.json()[0].Landlord_name })]);
  });

  it('a payout that remits a month closes it, and may not remit a month after its own date', async () => {
    const { agency, landlordNo } = await owed();
    const later = await payout(app, agency, landlordNo, '100', key(), { Month: '2026-07' });
    expect(later.statusCode).toBe(400);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 0 });
    expect((await payout(app, agency, landlordNo, '100', key(), { Month: '2026-05' })).statusCode).toBe(200);
    const months = await app.inject({ method: 'GET', url: `/api/landlord-money/months?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}`, headers: agency.auth });
    expect(months.json()).toMatchObject({ ClosedThrough: '2026-05', Closures: [{ Month: '2026-05', Reason: 'remitted' }] });
  });

  it('a remittance run whose first payout meets a fault answers the fault and pays no one', async () => {
    const { agency, landlordNo } = await owed();
    const db = app.database.db;
    const transaction = db.transaction;
    db.transaction = (() => Promise.reject(new Error('Connection terminated unexpectedly'))) as typeof transaction;
    let res;
    try {
      res = await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: 16500 }]);
    } finally {
      db.transaction = transaction;
    }
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 0, Balance: 16500 });
  });

  it('a payout dated in a closed month is named in the next month by its method and any reference', async () => {
    const { agency, landlordNo } = await owed();
    const start = clock.now();
    try {
      clock.set(new Date('2026-07-02T09:00:00Z'));
      Object.assign(agency, await signInAgain(app, agency));
      const close = await app.inject({
        method: 'POST',
        url: '/api/landlord-money/month/close',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
      });
      expect(close.statusCode, close.body).toBe(200);
      expect((await payout(app, agency, landlordNo, '100', key(), { PayoutDate: '2026-06-29', Reference: 'EFT 9' })).statusCode).toBe(200);
      expect((await payout(app, agency, landlordNo, '50', key(), { PayoutDate: '2026-06-30', Method: 'mpesa', Reference: '' })).statusCode).toBe(200);
      const july = await app.inject({
        method: 'GET',
        url: `/api/landlord-money/owner-statement?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}&month=2026-07`,
        headers: agency.auth,
      });
      expect(july.json().LateItems.map((x: { Details: string }) => x.Details)).toEqual(['Payout by bank EFT 9', 'Payout by mpesa']);
    } finally {
      clock.set(start);
    }
  });

  it('a remittance run in June closes May; it may remit its own month, never a later one', async () => {
    const { agency, landlordNo } = await owed();
    const run = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/landlord-money/remittance',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, PayoutDate: '2026-06-10', Payouts: [{ LandlordNo: landlordNo, Amount: 100 }], ...payload },
      });
    expect((await run({ idempotencyKey: key(), Month: '2026-07' })).statusCode).toBe(400);
    expect((await run({ idempotencyKey: key() })).json()[0]).toMatchObject({ Status: 'paid' });
    const months = async () =>
      (await app.inject({ method: 'GET', url: `/api/landlord-money/months?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}`, headers: agency.auth })).json();
    expect(await months()).toMatchObject({ ClosedThrough: '2026-05' });
    expect((await run({ idempotencyKey: key(), Month: '2026-06' })).json()[0]).toMatchObject({ Status: 'paid' });
    expect(await months()).toMatchObject({ ClosedThrough: '2026-06' });
  });

  it('a landlord owed nothing is told the payout is more than the Ksh 0.00 owed', async () => {
    const agency = await agencyWithOwner(app);
    const { landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    const refused = await payout(app, agency, landlordNo, '1', key());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The payout of Ksh 1.00 is more than the Ksh 0.00 owed to /);
  });

  it('a remittance run stops at a fault even when the database comes back: the later landlords are not paid', async () => {
    const agency = await agencyWithOwner(app);
    const landlords: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
      await setAgreement(app, agency, propId, { WithholdTax: true });
      await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
      landlords.push(landlordNo);
    }
    const db = app.database.db;
    const transaction = db.transaction;
    let calls = 0;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('Connection terminated unexpectedly')) : transaction(...args);
    }) as typeof transaction;
    let res;
    try {
      res = await remittanceRun(app, agency, key(), landlords.map((LandlordNo) => ({ LandlordNo, Amount: 16500 })));
    } finally {
      db.transaction = transaction;
    }
    expect(res.json().map((r: { Status: string }) => r.Status)).toEqual(['paid', 'not recorded', 'not recorded']);
    expect((await landlordBalances(app, agency)).map((b) => b.Payouts).sort()).toEqual([0, 0, 16500]);
  });
});
