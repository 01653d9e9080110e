import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, tenancyOf, type Agency } from '../../test/estate';

// At most Ksh 100,000,000.00 per entry (docs/money.md#amounts). 90071992547409.91 was
// once accepted as a receipt: from the second such receipt the balances the
// API answered were off by a cent, and about a thousand of them overflowed
// the ledger sums for good.

let app: FastifyInstance;
let agency: Agency;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { rent: '10,000', deposit: '10,000' });
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
});
afterAll(() => app.close());

describe('amounts', () => {
  it.each(['90071992547409.91', 90071992547409.91, '100,000,000.01', '1e21', 1e21])('refuses a receipt of %s, changing no balance', async (amount) => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    const res = await pay(app, agency, tenancyId, amount, `too-big-${String(amount)}`);
    expect(res.statusCode).toBe(400);
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before);
  });

  it('takes the largest allowed amount to the cent, twice', async () => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    for (const key of ['max-amount-1', 'max-amount-2']) expect((await pay(app, agency, tenancyId, '100,000,000.00', key)).statusCode).toBe(200);
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before - 200_000_000);
  });

  it('refuses a rent or deposit above the bound', async () => {
    const { propId } = await estate(app, agency, { houses: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/house/addhouse',
      headers: agency.auth,
      payload: { PropId: propId, House_number: 'BIG1', Description: 'Palace', Rent: '100000000.01', Deposit: '1', readiness: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An amount may be at most Ksh 100,000,000.00');
  });
});
