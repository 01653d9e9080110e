import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, settle, tenancyList, tenancyOf, terminate, type Agency } from '../../test/estate';

const clock = manualClock(new Date('2026-11-05T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let keys = 0;
const key = () => `tenancy-end-${++keys}-key`;

async function bookedWith(rent: string, deposit: string) {
  clock.set(new Date('2026-11-05T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent, deposit });
  return { agency, tenancyId: await bookOk(app, agency, houseIds[0]!, await tenant()) };
}

async function txnOf(tenancyId: number, kind: string) {
  const rows = rowsOf<{ txn_id: string }>(
    await app.database.db.execute(sql`SELECT txn_id FROM journal_transactions WHERE tenancy_id = ${tenancyId} AND kind = ${kind} ORDER BY txn_id`),
  );
  return Number(rows[0]!.txn_id);
}

const money = async (agency: Agency, id: number) => {
  const t = await tenancyOf(app, agency, id);
  return { balance: t.RentBalance as number, held: t.DepositHeld as number };
};

describe('the end of a tenancy', () => {
  it('termination charges every month due up to its own month, with invoicing off and the server away', async () => {
    const booked = await bookedWith('10,000', '0');
    const tenancyId = booked.tenancyId;
    let agency = booked.agency;
    expect((await money(agency, tenancyId)).balance).toBe(10000);
    clock.set(new Date('2027-02-10T09:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await terminate(app, agency, tenancyId)).statusCode).toBe(200);
    expect((await money(agency, tenancyId)).balance).toBe(40000);
    await runInvoices(app, agency);
    expect((await money(agency, tenancyId)).balance).toBe(40000);
  });

  it("termination catches up its own tenancy's months only, not its neighbours'", async () => {
    clock.set(new Date('2026-11-05T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '0' });
    const leaving = await bookOk(app, agency, houseIds[0]!, await tenant());
    const staying = await bookOk(app, agency, houseIds[1]!, await tenant());
    clock.set(new Date('2027-01-10T09:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await terminate(app, agency, leaving)).statusCode).toBe(200);
    expect((await money(agency, leaving)).balance).toBe(30000);
    // December and January stay due for the next run: the neighbour was charged for November alone.
    expect((await money(agency, staying)).balance).toBe(10000);
  });

  it('a refund of a deposit whose charge was reversed leaves only the rent owed', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '20,000');
    expect((await pay(app, agency, tenancyId, '20,000', key(), 'Deposit')).statusCode).toBe(200);
    expect((await reverse(app, agency, await txnOf(tenancyId, 'deposit_charge'))).statusCode).toBe(200);
    const end = await terminate(app, agency, tenancyId, { refundAmount: '20,000', refundDetails: 'M-Pesa to tenant' });
    expect(end.statusCode).toBe(200);
    expect(await money(agency, tenancyId)).toEqual({ balance: 10000, held: 0 });
  });

  it('a deposit paid in half and the half refunded owes nothing more on the deposit', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '20,000');
    await pay(app, agency, tenancyId, '10,000', key(), 'Deposit');
    await pay(app, agency, tenancyId, '10,000', key(), 'Rent');
    expect((await terminate(app, agency, tenancyId, { refundAmount: '10,000', refundDetails: 'Cash' })).statusCode).toBe(200);
    expect(await money(agency, tenancyId)).toEqual({ balance: 0, held: 0 });
    expect((await tenancyList(app, agency, 'ended-with-balances')).map((t) => t.TenancyId)).not.toContain(tenancyId);
  });

  it('an over-paid deposit refunded in full leaves nothing either way', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '20,000');
    await pay(app, agency, tenancyId, '30,000', key(), 'Deposit');
    await pay(app, agency, tenancyId, '10,000', key(), 'Rent');
    expect(await money(agency, tenancyId)).toEqual({ balance: -10000, held: 30000 });
    expect((await terminate(app, agency, tenancyId, { refundAmount: '30,000', refundDetails: 'Cheque' })).statusCode).toBe(200);
    expect(await money(agency, tenancyId)).toEqual({ balance: 0, held: 0 });
  });

  it('a credit on an ended tenancy can be paid back, and no more than it', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '0');
    await pay(app, agency, tenancyId, '15,000', key());
    expect((await terminate(app, agency, tenancyId)).statusCode).toBe(200);
    const tooMuch = await settle(app, agency, tenancyId, { refundAmount: '5,000.01', refundDetails: 'M-Pesa' });
    expect(tooMuch.statusCode).toBe(400);
    const back = await settle(app, agency, tenancyId, { refundAmount: '5,000', refundDetails: 'M-Pesa' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ Refunded: 5000, RentBalance: 0, DepositHeld: 0 });
  });

  it('a deposit and a credit are refunded together, the deposit first', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '5,000');
    await pay(app, agency, tenancyId, '5,000', key(), 'Deposit');
    await pay(app, agency, tenancyId, '13,000', key());
    expect((await terminate(app, agency, tenancyId, { refundAmount: '8,000', refundDetails: 'Bank' })).statusCode).toBe(200);
    expect(await money(agency, tenancyId)).toEqual({ balance: 0, held: 0 });
  });

  it('an ended tenancy’s deposit charge, written off at the end, cannot be reversed into a rent credit', async () => {
    const { agency, tenancyId } = await bookedWith('7,000', '3,500.50');
    expect((await terminate(app, agency, tenancyId, { applyDeposit: false })).statusCode).toBe(200);
    expect(await money(agency, tenancyId)).toEqual({ balance: 7000, held: 0 });
    const refused = await reverse(app, agency, await txnOf(tenancyId, 'deposit_charge'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This tenancy has ended and its deposit was settled then, so its deposit charge can no longer be reversed.');
    expect(await money(agency, tenancyId)).toEqual({ balance: 7000, held: 0 });
  });

  // Money that never came is still taken back after settlement (settled-corrections.test.ts); a charge is not.
  it('settled means settled: a charge of a settled tenancy cannot be reversed', async () => {
    const { agency, tenancyId } = await bookedWith('10,000', '999');
    await pay(app, agency, tenancyId, '10,000', key());
    await pay(app, agency, tenancyId, '999', key(), 'Deposit');
    expect((await terminate(app, agency, tenancyId, { refundAmount: '999', refundDetails: 'Cash' })).statusCode).toBe(200);
    const refused = await reverse(app, agency, await txnOf(tenancyId, 'rent_charge'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This tenancy has been settled, so its entries can no longer be reversed.');
    expect(await money(agency, tenancyId)).toEqual({ balance: 0, held: 0 });
  });
});
