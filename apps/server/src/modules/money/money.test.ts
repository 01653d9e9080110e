import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { journalLines } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, statementOf, tenancyOf, terminate, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let rival: Agency;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  rival = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { rent: '10,000', deposit: '10,000' });
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
});
afterAll(() => app.close());

const lineCount = async () => (await app.database.db.select({ n: count() }).from(journalLines))[0]!.n;

describe('POST /api/pmMoneyTransactions/rentreciept', () => {
  it('receives cash into the chosen ledger and the balance falls by it', async () => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    const res = await pay(app, agency, tenancyId, '7,500.25', 'receipt-key-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment made successfully', receiptNo: expect.stringMatching(/^RCT-\d+$/), TransactionId: expect.any(Number), RentBalance: before - 7500.25 });
    const statement = (await statementOf(app, agency, tenancyId)).json();
    expect(statement.at(-1)).toMatchObject({ TrsAccount: 'Rent', TransactionDetails: 'Cash at office', Credit: 7500.25, Debit: 0, Balance: before - 7500.25 });
  });

  it('posts once for a repeated key and answers the first receipt', async () => {
    const first = await pay(app, agency, tenancyId, '1,000', 'double-click-key-1');
    const lines = await lineCount();
    const second = await pay(app, agency, tenancyId, '1,000', 'double-click-key-1');
    expect(second.statusCode).toBe(200);
    expect(second.json().TransactionId).toBe(first.json().TransactionId);
    expect(second.json().RentBalance).toBe(first.json().RentBalance);
    expect(await lineCount()).toBe(lines);
    const misuse = await pay(app, agency, tenancyId, '2,000', 'double-click-key-1');
    expect(misuse.statusCode).toBe(409);
  });

  it('refuses a key already used for another tenancy, posting nothing on the second', async () => {
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    const other = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, tenancyId, '1,000', 'one-key-two-tenancies')).statusCode).toBe(200);
    const lines = await lineCount();
    const misuse = await pay(app, agency, other, '1,000', 'one-key-two-tenancies');
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json().message).toBe('This payment was already recorded with different details.');
    expect((await tenancyOf(app, agency, other)).RentBalance).toBe(10000);
    expect(await lineCount()).toBe(lines);
  });

  it('an ended tenancy owes no deposit: money for it is refused in the Deposit ledger and taken in Rent', async () => {
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '5,000' });
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await terminate(app, agency, id)).statusCode).toBe(200);
    const lines = await lineCount();
    const deposit = await pay(app, agency, id, '5,000', 'ended-deposit-key-1', 'Deposit');
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().message).toBe('This tenancy has ended and owes no deposit. Receive the money into another ledger.');
    expect(await lineCount()).toBe(lines);
    expect(await tenancyOf(app, agency, id)).toMatchObject({ RentBalance: 10000, DepositHeld: 0 });
    expect((await pay(app, agency, id, '5,000', 'ended-deposit-key-2', 'Rent')).json().RentBalance).toBe(5000);
  });

  it('money pointed at a charge pays it, and its retry answers the first receipt; another tenancy’s charge or a paid one cannot be pointed at, except by the Deposit ledger, which pays the deposit', async () => {
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '20,000' });
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    const [rent] = rowsOf<{ txn_id: string }>(await app.database.db.execute(sql`SELECT txn_id FROM journal_transactions WHERE tenancy_id = ${id} AND kind = 'rent_charge'`));
    const pointed = { ChargeTransactionId: Number(rent!.txn_id) };
    const [theirs] = rowsOf<{ txn_id: string }>(await app.database.db.execute(sql`SELECT txn_id FROM journal_transactions WHERE tenancy_id = ${tenancyId} AND kind = 'rent_charge'`));
    const another = await pay(app, agency, id, '100', 'pointed-key-0000', 'Rent', { ChargeTransactionId: Number(theirs!.txn_id) });
    expect([another.statusCode, another.json().message]).toEqual([400, 'That charge is not open on this tenancy.']);
    const first = await pay(app, agency, id, '10,000', 'pointed-key-0001', 'Rent', pointed);
    expect(first.statusCode).toBe(200);
    const retry = await pay(app, agency, id, '10,000', 'pointed-key-0001', 'Rent', pointed);
    expect([retry.statusCode, retry.json().TransactionId]).toEqual([200, first.json().TransactionId]);
    const lines = await lineCount();
    const paidCharge = await pay(app, agency, id, '100', 'pointed-key-0002', 'Rent', pointed);
    expect([paidCharge.statusCode, paidCharge.json().message]).toEqual([400, 'That charge is not open on this tenancy.']);
    expect(await lineCount()).toBe(lines);
    expect((await pay(app, agency, id, '5,000', 'pointed-key-0003', 'Deposit', pointed)).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, id)).toMatchObject({ RentBalance: 15000, DepositHeld: 5000, DepositDue: 15000 });
  });

  it('an overpayment shows as a negative balance, in brackets on the statement', async () => {
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '1,000', deposit: '0' });
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    const res = await pay(app, agency, id, '1,500', 'overpay-key-001');
    expect(res.json().RentBalance).toBe(-500);
    expect((await tenancyOf(app, agency, id)).MonthLapse).toBe(0);
  });

  it.each([
    ['zero', '0', 'Enter an amount above zero'],
    ['negative', '-100', 'Enter an amount with at most 2 decimals'],
    ['three decimals', '10.005', 'Enter an amount with at most 2 decimals'],
    ['text', 'ten', 'Enter an amount with at most 2 decimals'],
    ['empty', '', 'PaymentAmount is required'],
  ])('refuses a %s amount, leaving the ledger unchanged', async (_name, amount, message) => {
    const before = await lineCount();
    const res = await pay(app, agency, tenancyId, amount, `bad-amount-${_name.replace(' ', '-')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await lineCount()).toBe(before);
  });

  it('refuses an unknown ledger and missing details', async () => {
    const before = await lineCount();
    const noLedger = await pay(app, agency, tenancyId, '100', 'no-ledger-key-1', 'Petty');
    expect(noLedger.json().message).toBe('Select ledger name');
    const noDetails = await app.inject({
      method: 'POST',
      url: '/api/pmMoneyTransactions/rentreciept',
      headers: agency.auth,
      payload: { tenancyID: tenancyId, paymentdetails: '', RecievedAmount: '100', managingAgentId: agency.agentId, ledgerName: 'Rent', idempotencyKey: 'no-details-1' },
    });
    expect(noDetails.json().message).toBe('PaymentDetails is required');
    expect(await lineCount()).toBe(before);
  });

  it('refuses another agency (404) and a switched-off employee (403), leaving the ledger unchanged', async () => {
    const before = await lineCount();
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/pmMoneyTransactions/rentreciept',
      headers: rival.auth,
      payload: { tenancyID: tenancyId, paymentdetails: 'x', RecievedAmount: '100', managingAgentId: rival.agentId, ledgerName: 'Rent', idempotencyKey: 'foreign-key-01' },
    });
    expect(foreign.statusCode).toBe(404);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo, { loginStatus: 0 });
    const off = await pay(app, { ...worker, agentId: agency.agentId }, tenancyId, '100', 'switched-off-01');
    expect(off.statusCode).toBe(403);
    expect(await lineCount()).toBe(before);
  });

  it('lets a hired employee with access receive money', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await pay(app, { ...worker, agentId: agency.agentId }, tenancyId, '50', 'employee-key-01')).statusCode).toBe(200);
  });
});

describe('ledgers and receipts', () => {
  it('totals what each ledger received and lists receipts newest first', async () => {
    const fresh = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, fresh, { houses: 1 });
    const id = await bookOk(app, fresh, houseIds[0]!, await tenant());
    await pay(app, fresh, id, '3,000', 'ledger-total-1');
    await pay(app, fresh, id, '2,000.50', 'ledger-total-2');
    await pay(app, fresh, id, '10,000', 'ledger-total-3', 'Deposit');
    const ledgers = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${fresh.agentId}`, headers: fresh.auth });
    expect(ledgers.json()).toEqual([
      { LedgerId: expect.any(Number), LedgerName: 'Deposit', TotalReceived: 10000, BroughtForward: 0, Receipts: 1, PaidOut: 0, Balance: 10000 },
      { LedgerId: expect.any(Number), LedgerName: 'Rent', TotalReceived: 5000.5, BroughtForward: 0, Receipts: 2, PaidOut: 0, Balance: 5000.5 },
    ]);
    const receipts = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/receipts?agentId=${fresh.agentId}`, headers: fresh.auth });
    expect(receipts.json().map((r: { Amount: number }) => r.Amount)).toEqual([10000, 2000.5, 3000]);
    const page = async (n: number) =>
      (await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/receipts?agentId=${fresh.agentId}&page=${n}&pageSize=2`, headers: fresh.auth })).json().map((r: { Amount: number }) => r.Amount);
    expect([await page(1), await page(2), await page(3)]).toEqual([[10000, 2000.5], [3000], []]);
    expect((await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${fresh.agentId}`, headers: rival.auth })).statusCode).toBe(404);
  });
});
