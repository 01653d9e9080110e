import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, runInvoices, tenancyOf } from '../../test/estate';
import { sendLink, tenantGet } from '../../test/tenant-side';

const clock = manualClock(new Date('2026-11-02T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

describe('rent arrears are rent only, the other kinds shown apart (issue 32, point 8)', () => {
  it('the tenancy, the tenant’s link and the dashboard’s two tables give one rent figure', async () => {
    let agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, {
      houses: 1,
      rent: '25,000',
      deposit: '0',
    });
    const api = chargesApi(app);
    expect(
      (await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '4,000', FromMonth: '2026-11' })).statusCode,
    ).toBe(200);
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant('Wanjiku'));
    clock.set(new Date('2026-12-03T09:00:00Z'));
    agency = { ...agency, ...(await signInAgain(app, agency)) };
    expect((await runInvoices(app, agency)).statusCode).toBe(200);

    const tenancy = await tenancyOf(app, agency, tenancyId);
    const charges = tenancy.RentBalance - 50000;
    expect(charges).toBeGreaterThan(0);
    expect(tenancy).toMatchObject({ ChargesDue: charges, MonthLapse: 2 });

    const page = (await tenantGet(app, await sendLink(app, agency, tenancyId))).json();
    expect(page).toMatchObject({ balance: tenancy.RentBalance, rentBalance: 50000, chargesDue: charges });

    const money = (
      await app.inject({
        method: 'GET',
        url: `/api/dashboard/money?managingAgentId=${agency.agentId}`,
        headers: agency.auth,
      })
    ).json();
    const aged = money.arrearsByAge.reduce((sum: number, band: { amount: number }) => sum + band.amount, 0);
    expect(aged).toBe(50000);
    expect(money.mostInArrears).toEqual([
      expect.objectContaining({ TenancyId: tenancyId, RentArrears: 50000, ChargesDue: charges }),
    ]);
  });
});
