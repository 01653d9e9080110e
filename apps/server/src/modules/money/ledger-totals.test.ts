import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, terminate } from '../../test/estate';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('ledger totals name what they count', () => {
  it('Receipts and TotalReceived leave out reversed receipts; refunds are PaidOut; Balance is what the ledger holds', async () => {
    const agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '20,000' });
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    await pay(app, agency, id, '10,000', 'totals-key-0001');
    const wrong = (await pay(app, agency, id, '1,000', 'totals-key-0002')).json().TransactionId as number;
    await pay(app, agency, id, '20,000', 'totals-key-0003', 'Deposit');
    expect((await reverse(app, agency, wrong)).statusCode).toBe(200);
    expect((await terminate(app, agency, id, { refundAmount: '5,000', refundDetails: 'Cash' })).statusCode).toBe(200);
    const ledgers = await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${agency.agentId}`, headers: agency.auth });
    const byName = Object.fromEntries((ledgers.json() as { LedgerName: string }[]).map((l) => [l.LedgerName, l]));
    expect(byName.Rent).toMatchObject({ Receipts: 1, TotalReceived: 10000, PaidOut: 0, Balance: 10000 });
    expect(byName.Deposit).toMatchObject({ Receipts: 1, TotalReceived: 20000, PaidOut: 5000, Balance: 15000 });
  });
});
