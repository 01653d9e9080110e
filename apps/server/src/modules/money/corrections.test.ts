import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, statementOf, tenancyOf, terminate, type Agency } from '../../test/estate';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let seq = 0;
const key = () => `correction-key-${++seq}`;

async function tenancy(agency?: Agency) {
  const who = agency ?? (await agencyWithOwner(app));
  const { houseIds, tenant } = await estate(app, who, { houses: 1, rent: '10,000', deposit: '20,000' });
  return { who, tenancyId: await bookOk(app, who, houseIds[0]!, await tenant()) };
}

describe('reversing a transaction', () => {
  it('reverses a mistyped receipt with a contra entry naming it; both stay on the statement', async () => {
    const { who, tenancyId } = await tenancy();
    const receipt = (await pay(app, who, tenancyId, '50,000', key())).json();
    expect(receipt.RentBalance).toBe(-20000);
    const res = await reverse(app, who, receipt.TransactionId, 'Typed 50,000 for 5,000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Transaction reversed', Reverses: receipt.TransactionId, TenancyId: tenancyId, RentBalance: 30000 });
    expect((await tenancyOf(app, who, tenancyId)).RentBalance).toBe(30000);

    const statement = (await statementOf(app, who, tenancyId)).json();
    expect(statement.slice(-2)).toMatchObject([
      { TransactionId: receipt.TransactionId, ReceiptNo: receipt.receiptNo, Credit: 50000, Balance: -20000 },
      { TransactionId: res.json().TransactionId, ReceiptNo: null, Debit: 50000, Balance: 30000, TransactionDetails: `Reversal of ${receipt.receiptNo}: Typed 50,000 for 5,000` },
    ]);
    const receipts = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/receipts?agentId=${who.agentId}`, headers: who.auth });
    expect(receipts.json()[0]).toMatchObject({ TransactionId: receipt.TransactionId, ReversedBy: res.json().TransactionId });
  });

  it('reverses a charge', async () => {
    const { who, tenancyId } = await tenancy();
    const [rent] = rowsOf<{ txn_id: number }>(
      await app.database.db.execute(sql`SELECT txn_id FROM journal_transactions WHERE tenancy_id = ${tenancyId} AND kind = 'rent_charge'`),
    );
    const res = await reverse(app, who, Number(rent!.txn_id), 'Booked a month early');
    expect(res.json()).toMatchObject({ RentBalance: 20000 });
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 20000, MonthLapse: 0, DepositDue: 20000 });
    expect((await statementOf(app, who, tenancyId)).json().at(-1).TransactionDetails).toBe(`Reversal of transaction ${rent!.txn_id}: Booked a month early`);
  });

  it('reverses once: a second reversal, or two at once, post one contra entry', async () => {
    const { who, tenancyId } = await tenancy();
    const receipt = (await pay(app, who, tenancyId, '1,000', key())).json();
    const both = await Promise.all([reverse(app, who, receipt.TransactionId), reverse(app, who, receipt.TransactionId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await reverse(app, who, receipt.TransactionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This transaction has already been reversed.');
    expect((await tenancyOf(app, who, tenancyId)).RentBalance).toBe(30000);
  });

  it('requires a reason, and reverses only receipts and charges', async () => {
    const { who, tenancyId } = await tenancy();
    const receipt = (await pay(app, who, tenancyId, '1,000', key())).json();
    for (const reason of ['', '   ', null]) {
      const res = await reverse(app, who, receipt.TransactionId, reason);
      expect(res.statusCode).toBe(400);
    }
    const reversal = (await reverse(app, who, receipt.TransactionId)).json();
    const ofReversal = await reverse(app, who, reversal.TransactionId);
    expect(ofReversal.statusCode).toBe(400);
    expect(ofReversal.json().message).toBe('Only a receipt or a charge can be reversed.');
  });

  // Decision 034: money that never came is taken back even after settlement; the deposit paid back is owed again.
  it('a deposit receipt reversed after its money was refunded: the tenant owes the refund again, held below nothing until paid', async () => {
    const { who, tenancyId } = await tenancy();
    const deposit = (await pay(app, who, tenancyId, '20,000', key(), 'Deposit')).json();
    await app.inject({
      method: 'POST',
      url: '/api/tenancy/terminatetenancy',
      headers: who.auth,
      payload: { tenancyId, managingAgentId: who.agentId, refundAmount: '20,000', refundDetails: 'Cash' },
    });
    const res = await reverse(app, who, deposit.TransactionId);
    expect(res.statusCode).toBe(200);
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 30000, DepositDue: 20000, DepositHeld: -20000 });
  });

  it('a deposit cheque that bounced after the tenancy ended is reversed, and the ended tenancy owes no deposit for it', async () => {
    const { who, tenancyId } = await tenancy();
    const cheque = (await pay(app, who, tenancyId, '20,000', key(), 'Deposit')).json();
    expect((await terminate(app, who, tenancyId)).statusCode).toBe(200);
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 10000, DepositHeld: 20000 });
    const res = await reverse(app, who, cheque.TransactionId, 'Cheque bounced');
    expect(res.statusCode).toBe(200);
    expect(res.json().RentBalance).toBe(10000);
    expect(await tenancyOf(app, who, tenancyId)).toMatchObject({ RentBalance: 10000, DepositHeld: 0, DepositDue: 0 });
  });

  it('is for admins of the agency: 403 for an employee, 404 for another agency or an unknown id', async () => {
    const { who, tenancyId } = await tenancy();
    const receipt = (await pay(app, who, tenancyId, '1,000', key())).json();
    const worker = await signedInUser(app);
    await contractUser(app, who.agentId, worker.userNo);
    expect((await reverse(app, { ...worker, agentId: who.agentId }, receipt.TransactionId)).statusCode).toBe(403);
    const other = await agencyWithOwner(app);
    expect((await reverse(app, other, receipt.TransactionId)).statusCode).toBe(404);
    expect((await reverse(app, who, 999_999_999)).statusCode).toBe(404);
    expect((await tenancyOf(app, who, tenancyId)).RentBalance).toBe(29000);
  });
});

describe('receipt numbers', () => {
  it('count per agency from RCT-000001, skip nothing for a repeated key, and show on receipts and statement', async () => {
    const a = await tenancy();
    const b = await tenancy();
    const first = (await pay(app, a.who, a.tenancyId, '100', 'receipt-a-1')).json();
    const repeat = (await pay(app, a.who, a.tenancyId, '100', 'receipt-a-1')).json();
    const second = (await pay(app, a.who, a.tenancyId, '200', 'receipt-a-2')).json();
    const otherAgency = (await pay(app, b.who, b.tenancyId, '300', 'receipt-b-1')).json();
    expect([first.receiptNo, repeat.receiptNo, second.receiptNo, otherAgency.receiptNo]).toEqual(['RCT-000001', 'RCT-000001', 'RCT-000002', 'RCT-000001']);
    const receipts = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/receipts?agentId=${a.who.agentId}`, headers: a.who.auth });
    expect(receipts.json().map((r: { receiptNo: string }) => r.receiptNo)).toEqual(['RCT-000002', 'RCT-000001']);
    const statement = (await statementOf(app, a.who, a.tenancyId)).json();
    expect(statement.map((l: { ReceiptNo: string | null }) => l.ReceiptNo)).toEqual([null, null, 'RCT-000001', 'RCT-000002']);
  });

  it('stay consecutive without gaps when receipts arrive at once, repeated keys among them', async () => {
    const { who, tenancyId } = await tenancy();
    const keys = Array.from({ length: 12 }, (_, i) => `burst-key-${i % 9}`);
    const results = await Promise.all(keys.map((k) => pay(app, who, tenancyId, '10', k)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const numbers = [...new Set(results.map((r) => r.json().receiptNo))].sort();
    expect(numbers).toEqual(Array.from({ length: 9 }, (_, i) => `RCT-00000${i + 1}`));
    expect((await tenancyOf(app, who, tenancyId)).RentBalance).toBe(30000 - 90);
  });
});
