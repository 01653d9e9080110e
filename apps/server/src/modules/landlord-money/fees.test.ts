import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, runInvoices } from '../../test/estate';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';
import { chargeFixedFees } from './fees';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

describe('the fixed monthly fee of an agreement', () => {
  it('is charged once per property and month by the monthly run, from the landlord to the agency, never twice', async () => {
    clock.set(new Date('2026-06-10T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    // A second property with no fee: nothing is charged for it.
    const plain = await estate(app, agency, { houses: 1 });
    await setAgreement(app, agency, plain.propId, {});
    await setAgreement(app, agency, propId, { CommissionPercent: '0', FixedFee: '1,500' });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    await pay(app, agency, tenancyId, '20,000', 'fee-june');
    // June began before the agreement: no June fee.
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    expect((await landlordBalances(app, agency)).find((b) => b.Collected === 20000)).toMatchObject({ Commission: 0, Balance: 20000 });

    clock.set(new Date('2026-07-01T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    const july = (await landlordBalances(app, agency)).find((b) => b.Collected === 20000)!;
    expect(july).toMatchObject({ Commission: 1500, Balance: 18500 });

    // Again for July, however it is asked (a rerun, a retry): nothing more.
    expect((await runInvoices(app, agency)).statusCode).toBe(409);
    await app.database.db.transaction((tx) =>
      chargeFixedFees(tx, { agentId: agency.agentId, month: '2026-07-01', postedAt: clock.now(), postedBy: agency.userNo }),
    );
    expect((await landlordBalances(app, agency)).find((b) => b.Collected === 20000)).toMatchObject({ Commission: 1500, Balance: 18500 });
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });

    clock.set(new Date('2026-08-01T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    expect((await landlordBalances(app, agency)).find((b) => b.Collected === 20000)).toMatchObject({ Commission: 3000 });
  });
});
