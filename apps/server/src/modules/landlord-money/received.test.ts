import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, terminate } from '../../test/estate';
import { setAgreement, trustOf } from '../../test/landlord';

/**
 * One definition of money received (docs/decisions/035-fee-transfers.md):
 * net of receipts reversed (a bounced cheque never brought money in), on the
 * trust screen and the Ledgers screen alike, from one query.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('money received is one figure on every screen', () => {
  it('a bounced cheque is neither received nor paid out, on the trust screen as on the Ledgers screen', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '20,000' });
    expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
    const id = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, id, '10,000', 'received-key-0001')).statusCode).toBe(200);
    const cheque = (await pay(app, agency, id, '3,000', 'received-key-0002')).json().TransactionId as number;
    expect((await reverse(app, agency, cheque, 'Bounced cheque')).statusCode).toBe(200);
    expect((await pay(app, agency, id, '20,000', 'received-key-0003', 'Deposit')).statusCode).toBe(200);
    expect((await terminate(app, agency, id, { refundAmount: '5,000', refundDetails: 'Cash' })).statusCode).toBe(200);

    const ledgers = (
      await app.inject({ method: 'GET', url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${agency.agentId}`, headers: agency.auth })
    ).json() as { TotalReceived: number; PaidOut: number; Balance: number }[];
    const sum = (pick: (l: (typeof ledgers)[number]) => number) => ledgers.reduce((s, l) => s + Math.round(pick(l) * 100), 0) / 100;
    const trust = await trustOf(app, agency);

    expect(sum((l) => l.TotalReceived)).toBe(30000);
    expect(trust.Received).toBe(sum((l) => l.TotalReceived));
    // What the trust screen pays out beyond the ledgers' refunds is the landlord side's (nothing here but the refund).
    expect(trust.PaidOut).toBe(sum((l) => l.PaidOut));
    expect(trust.Held).toBe(sum((l) => l.Balance));
    expect(trust.Difference).toBe(0);
  });
});
