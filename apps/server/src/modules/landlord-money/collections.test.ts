import { accountingDate } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { signInAgain } from '../../test/accounts';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, terminate, type Agency } from '../../test/estate';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

/** Moves the clock forward (never back: tokens issued later would not yet be valid) and signs in again. */
async function later(agency: Agency, at: string) {
  if (new Date(at) > clock.now()) clock.set(new Date(at));
  Object.assign(agency, await signInAgain(app, agency));
}

let seq = 0;
const key = () => `landlord-key-${++seq}`;

/** An agency, its property on a 10% agreement with withholding on, and a tenancy on rent 20,000, deposit 20,000. */
async function managed(agreement: Record<string, unknown> = { WithholdTax: true }) {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '20,000' });
  expect((await setAgreement(app, agency, propId, agreement)).statusCode).toBe(200);
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  return { agency, propId, tenancyId, landlordNo };
}

describe('the landlord side of rent collected', () => {
  it('a Ksh 20,000 rent receipt credits the landlord 16,500, books 2,000 commission and withholds 1,500 tax, in balance', async () => {
    const { agency, tenancyId, landlordNo } = await managed();
    expect((await pay(app, agency, tenancyId, '20,000', key())).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ LandlordNo: landlordNo, Collected: 20000, Commission: 2000, TaxWithheld: 1500, Balance: 16500 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ Received: 20000, OwedToLandlords: 16500, TaxPayable: 1500, CommissionNotTaken: 2000, Difference: 0 });
  });

  it('a deposit paid is the tenant’s, not the landlord’s: no commission on it', async () => {
    const { agency, tenancyId } = await managed();
    expect((await pay(app, agency, tenancyId, '20,000', key(), 'Deposit')).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([]);
    expect(await trustOf(app, agency)).toMatchObject({ Received: 20000, DepositsHeld: 20000, Difference: 0 });
  });

  it('money paid ahead waits as the tenant’s credit and counts when the next month is charged', async () => {
    const { agency, tenancyId } = await managed({ WithholdTax: false });
    await pay(app, agency, tenancyId, '30,000', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 20000, Commission: 2000, Balance: 18000 })]);
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 10000, Difference: 0 });
    await later(agency, '2026-07-10T09:00:00Z');
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 30000, Commission: 3000, Balance: 27000 })]);
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, Difference: 0 });
  });

  it('a reversal takes back the landlord’s share, the commission and the tax with the receipt', async () => {
    const { agency, tenancyId } = await managed();
    const paid = await pay(app, agency, tenancyId, '20,000', key());
    expect((await reverse(app, agency, paid.json().TransactionId)).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 0, Commission: 0, TaxWithheld: 0, Balance: 0 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ Held: 0, Difference: 0 });
  });

  it('a reversal after the agreement changed takes back the commission and tax as they were booked, not at the new terms', async () => {
    const { agency, propId, tenancyId } = await managed();
    const paid = await pay(app, agency, tenancyId, '20,000', key());
    const next = new Date(clock.now().getTime() + 86_400_000);
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: accountingDate(next), CommissionPercent: '12.50', WithholdTax: false })).statusCode).toBe(200);
    await later(agency, next.toISOString());
    expect((await reverse(app, agency, paid.json().TransactionId)).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 0, Commission: 0, TaxWithheld: 0, Balance: 0 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ OwedToLandlords: 0, TaxPayable: 0, CommissionNotTaken: 0, Difference: 0 });
  });

  it('a deposit applied to arrears at settlement is rent collected for the landlord', async () => {
    const { agency, tenancyId } = await managed({ WithholdTax: false });
    await pay(app, agency, tenancyId, '20,000', key(), 'Deposit');
    expect((await terminate(app, agency, tenancyId, { applyDeposit: true })).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 20000, Commission: 2000, Balance: 18000 })]);
    expect(await trustOf(app, agency)).toMatchObject({ DepositsHeld: 0, OwedToLandlords: 18000, Difference: 0 });
  });

  it('a commercial property has no MRI withheld, and an agreement change applies from its day on only', async () => {
    const { agency, propId, tenancyId } = await managed({ WithholdTax: true, PropertyUse: 'commercial' });
    await pay(app, agency, tenancyId, '10,000', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 1000, TaxWithheld: 0, Balance: 9000 })]);
    const next = new Date(clock.now().getTime() + 2 * 86_400_000);
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: accountingDate(next), CommissionPercent: '12.50' })).statusCode).toBe(200);
    await pay(app, agency, tenancyId, '5,000', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 1500, Balance: 13500 })]);
    await later(agency, next.toISOString());
    await pay(app, agency, tenancyId, '5,000', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 2125, Balance: 17875 })]);
  });
});
