import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import {
  agencyWithOwner,
  bookOk,
  estate,
  pay,
  runInvoices,
  settle,
  statementOf,
  tenancyCounts,
  tenancyList,
  tenancyOf,
  terminate,
  type Agency,
} from '../../test/estate';
import { landlordBalances, setAgreement } from '../../test/landlord';

const clock = manualClock(new Date('2026-11-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `settle-key-${++seq}-${Date.now()}`;

/** A tenancy on rent 10,000 and deposit 20,000, booked now. */
async function booked(agency?: Agency) {
  const who = agency ?? (await agencyWithOwner(app));
  const { houseIds, tenant, propId } = await estate(app, who, { houses: 1, rent: '10,000', deposit: '20,000' });
  return { who, propId, tenancyId: await bookOk(app, who, houseIds[0]!, await tenant()) };
}

describe('deposit apart from rent', () => {
  it('a fresh booking owes one month of rent and the deposit, not three months', async () => {
    clock.set(new Date('2026-11-10T09:00:00Z'));
    const { who, tenancyId } = await booked();
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 30000, MonthLapse: 1, DepositDue: 20000, DepositHeld: 0 });
  });

  it('a receipt into the Deposit ledger pays the deposit; any other ledger pays rent', async () => {
    const { who, tenancyId } = await booked();
    expect((await pay(app, who, tenancyId, '20,000', key(), 'Deposit')).json().RentBalance).toBe(10000);
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 10000, MonthLapse: 1, DepositDue: 0, DepositHeld: 20000 });
    expect((await pay(app, who, tenancyId, '10,000', key(), 'Rent')).json().RentBalance).toBe(0);
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 0, MonthLapse: 0, DepositDue: 0, DepositHeld: 20000 });
    const statement = (await statementOf(app, who, tenancyId)).json();
    expect(statement.at(-1).Balance).toBe(0);
    expect(statement.map((l: { TrsAccount: string }) => l.TrsAccount)).toEqual(['Deposit', 'Rent', 'Deposit', 'Rent']);
  });

  it('rent paid into Rent while the deposit is unpaid leaves MonthLapse at zero and the deposit owed', async () => {
    const { who, tenancyId } = await booked();
    await pay(app, who, tenancyId, '10,000', key(), 'Rent');
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 20000, MonthLapse: 0, DepositDue: 20000 });
  });
});

describe('settling at the end', () => {
  it('applies the held deposit to arrears, refunds the rest, and each posts balanced entries', async () => {
    clock.set(new Date('2026-11-10T09:00:00Z'));
    const first = await booked();
    const tenancyId = first.tenancyId;
    let who = first.who;
    await pay(app, who, tenancyId, '20,000', key(), 'Deposit');
    clock.set(new Date('2027-01-10T09:00:00Z'));
    who = await signInAgain(app, who);
    await runInvoices(app, who); // December and January: 20,000 more rent
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 30000, MonthLapse: 3, DepositHeld: 20000 });
    await pay(app, who, tenancyId, '25,000', key(), 'Rent');

    const res = await terminate(app, who, tenancyId, { applyDeposit: true, refundAmount: '15,000', refundDetails: 'M-Pesa to 0712345678' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Tenancy terminated. Deposit applied to arrears: Ksh 5,000.00. Deposit refunded: Ksh 15,000.00',
      Applied: 5000,
      Refunded: 15000,
      RentBalance: 0,
      DepositHeld: 0,
    });
    const statement = (await statementOf(app, who, tenancyId)).json();
    expect(statement.at(-2)).toMatchObject({ TransactionDetails: 'Deposit applied to arrears', Credit: 5000, Balance: 0 });
    // The refund moves no balance (the deposit was held, not credited), but the statement says where the deposit went.
    expect(statement.at(-1)).toMatchObject({
      TransactionDetails: 'Deposit refund: M-Pesa to 0712345678 (Ksh 15,000.00 paid back from the deposit held)',
      TrsAccount: 'Deposit',
      Debit: 0,
      Credit: 0,
      Balance: 0,
      Reversible: false,
    });
    const ledgers = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${who.agentId}`, headers: who.auth });
    // Received 20,000; paid 15,000 back; holds 5,000 (now the landlord's rent).
    expect(ledgers.json().find((l: { LedgerName: string }) => l.LedgerName === 'Deposit')).toMatchObject({ TotalReceived: 20000, PaidOut: 15000, Balance: 5000 });
    expect(await tenancyCounts(app, who)).toMatchObject({ all: 0, endedWithBalances: 0 });
  });

  it('an ended tenancy with a balance stays listed, is counted, and can still be paid', async () => {
    const { who, tenancyId } = await booked();
    // The 20,000 deposit never paid is not owed once the tenancy has ended: 10,000 of rent is.
    expect((await terminate(app, who, tenancyId)).json()).toMatchObject({ message: 'Tenancy terminated', RentBalance: 10000, DepositHeld: 0 });
    expect((await tenancyList(app, who, 'all')).map((t) => t.TenancyId)).not.toContain(tenancyId);
    expect((await tenancyList(app, who, 'ended-with-balances')).map((t) => t.TenancyId)).toEqual([tenancyId]);
    expect(await tenancyCounts(app, who)).toEqual({ all: 0, withBalances: 0, endedWithBalances: 1, moreThan: { all: false, withBalances: false, endedWithBalances: false } });

    expect((await pay(app, who, tenancyId, '10,000', key(), 'Rent')).statusCode).toBe(200);
    expect((await tenancyList(app, who, 'ended-with-balances')).map((t) => t.TenancyId)).toEqual([]);
    expect(await tenancyCounts(app, who)).toEqual({ all: 0, withBalances: 0, endedWithBalances: 0, moreThan: { all: false, withBalances: false, endedWithBalances: false } });
  });

  it('settles later a tenancy that has ended, and refuses to settle an active one', async () => {
    const { who, tenancyId } = await booked();
    await pay(app, who, tenancyId, '20,000', key(), 'Deposit');
    expect((await settle(app, who, tenancyId, { applyDeposit: true })).statusCode).toBe(409);
    await terminate(app, who, tenancyId);
    expect((await tenancyList(app, who, 'ended-with-balances')).map((t) => t.TenancyId)).toEqual([tenancyId]);
    const res = await settle(app, who, tenancyId, { applyDeposit: true, refundAmount: '10,000', refundDetails: 'Cheque 0042' });
    expect(res.json()).toMatchObject({ Applied: 10000, Refunded: 10000, RentBalance: 0, DepositHeld: 0 });
  });

  it('refuses a refund above the deposit held, or without details, and posts nothing', async () => {
    const { who, tenancyId } = await booked();
    await pay(app, who, tenancyId, '20,000', key(), 'Deposit');
    const tooMuch = await terminate(app, who, tenancyId, { refundAmount: '20,000.01', refundDetails: 'Cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The refund is more than the deposit held and the credit together.');
    expect((await terminate(app, who, tenancyId, { refundAmount: '100' })).statusCode).toBe(400);
    // Refused whole: the tenancy is still active and the deposit still held.
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ EndDate: null, DepositHeld: 20000 });
  });

  it('is for admins of the managing agency: 403 for an employee, 404 for another agency', async () => {
    const { who, tenancyId } = await booked();
    const other = await agencyWithOwner(app);
    const worker = await signedInUser(app);
    await contractUser(app, who.agentId, worker.userNo);
    expect((await settle(app, { ...worker, agentId: who.agentId }, tenancyId, { applyDeposit: true })).statusCode).toBe(403);
    expect((await settle(app, other, tenancyId, { applyDeposit: true })).statusCode).toBe(404);
    expect((await terminate(app, other, tenancyId, { applyDeposit: true })).statusCode).toBe(404);
  });

  it('asked to apply the deposit with no arrears, applies nothing and says nothing of it', async () => {
    const { who, tenancyId } = await booked();
    await pay(app, who, tenancyId, '20,000', key(), 'Deposit');
    await pay(app, who, tenancyId, '10,000', key(), 'Rent');
    const res = await terminate(app, who, tenancyId, { applyDeposit: true });
    expect(res.json()).toEqual({ message: 'Tenancy terminated', Applied: 0, Refunded: 0, RentBalance: 0, DepositHeld: 20000 });
    const statement = (await statementOf(app, who, tenancyId)).json() as { TransactionDetails: string }[];
    expect(statement.map((l) => l.TransactionDetails)).not.toContain('Deposit applied to arrears');
  });

  it("the deposit applied to rent at the end is the landlord's collection", async () => {
    clock.set(new Date('2026-11-10T09:00:00Z'));
    const { who, tenancyId, propId } = await booked();
    expect((await setAgreement(app, who, propId, { CommissionPercent: '10.00' })).statusCode).toBe(200);
    await pay(app, who, tenancyId, '20,000', key(), 'Deposit');
    clock.set(new Date('2026-12-10T09:00:00Z'));
    const later = await signInAgain(app, who);
    await runInvoices(app, later);
    // 20,000 of rent charged, 15,000 paid: 5,000 of arrears the deposit pays, 15,000 held left to refund.
    await pay(app, later, tenancyId, '15,000', key(), 'Rent');
    const [before] = await landlordBalances(app, later);
    const res = await terminate(app, later, tenancyId, { applyDeposit: true, refundAmount: '15,000', refundDetails: 'Cash' });
    expect(res.json()).toMatchObject({ Applied: 5000, Refunded: 15000, RentBalance: 0, DepositHeld: 0 });
    const [after] = await landlordBalances(app, later);
    expect(after!.Collected - before!.Collected).toBe(5000);
    const details = rowsOf<{ details: string }>(
      await app.database.db.execute(sql`SELECT details FROM landlord_txns WHERE tenancy_id = ${tenancyId} ORDER BY txn_id DESC LIMIT 1`),
    );
    expect(details).toEqual([{ details: 'Rent paid at the end of the tenancy' }]);
  });

  it('a credit paid back at the end shows on the statement with its details', async () => {
    const { who, tenancyId } = await booked();
    await pay(app, who, tenancyId, '15,000', key(), 'Rent');
    const res = await terminate(app, who, tenancyId, { refundAmount: '5,000', refundDetails: 'M-Pesa to 0712345678' });
    expect(res.json()).toMatchObject({ Refunded: 5000, RentBalance: 0 });
    const statement = (await statementOf(app, who, tenancyId)).json() as { TransactionDetails: string; Debit: number }[];
    expect(statement.at(-1)).toMatchObject({ Debit: 5000 });
    expect(statement.at(-1)!.TransactionDetails).toMatch(/^Credit refund: M-Pesa to 0712345678/);
  });
});
