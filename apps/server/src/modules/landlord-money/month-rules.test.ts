import { LANDLORD_MESSAGES, accountingDate } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, type Agency } from '../../test/estate';
import { landlordBalances, payout, setAgreement, trustOf } from '../../test/landlord';
import { setPaybill, statement } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `month-rules-${++seq}`;

const mri = async (agency: Agency, month: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/landlord-money/mri?managingAgentId=${agency.agentId}&month=${month}`,
      headers: agency.auth,
    })
  ).json() as {
    GrossRent: number;
    Tax: number;
    Withheld: number;
  }[];

/** An agency, its property on a 10% agreement with withholding on, and `tenants` tenancies on rent 20,000. */
async function managed(tenants = 1, agreement: Record<string, unknown> = { WithholdTax: true }) {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, {
    houses: tenants,
    rent: '20,000',
    deposit: '20,000',
  });
  expect((await setAgreement(app, agency, propId, agreement)).statusCode).toBe(200);
  const tenancyIds: number[] = [];
  for (const houseId of houseIds) tenancyIds.push(await bookOk(app, agency, houseId, await tenant()));
  return { agency, propId, tenancyIds, landlordNo };
}

describe('tax withheld is rounded on the month, not on each receipt (decision 040)', () => {
  it('three receipts of 1,001 withhold 225.23 in all, the 7.5% due on the month’s 3,003', async () => {
    const { agency, tenancyIds } = await managed(2);
    await pay(app, agency, tenancyIds[0]!, '1,001', key());
    await pay(app, agency, tenancyIds[1]!, '1,001', key());
    await pay(app, agency, tenancyIds[0]!, '1,001', key());
    expect(await mri(agency, '2026-06')).toEqual([
      expect.objectContaining({ GrossRent: 3003, Tax: 225.23, Withheld: 225.23 }),
    ]);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 3003, Commission: 300.3, TaxWithheld: 225.23, Balance: 2477.47 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ TaxPayable: 225.23, Difference: 0 });
  });

  it('a reversal takes back the tax as booked; the month still agrees with the next receipt', async () => {
    const { agency, tenancyIds } = await managed(1);
    await pay(app, agency, tenancyIds[0]!, '1,001', key());
    const second = await pay(app, agency, tenancyIds[0]!, '1,001', key());
    expect((await reverse(app, agency, second.json().TransactionId)).statusCode).toBe(200);
    await pay(app, agency, tenancyIds[0]!, '1,001', key());
    await pay(app, agency, tenancyIds[0]!, '1,001', key());
    expect(await mri(agency, '2026-06')).toEqual([
      expect.objectContaining({ GrossRent: 3003, Tax: 225.23, Withheld: 225.23 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });
  });
});

describe('an agreement from a past day of this month (decision 041)', () => {
  /** An agency whose tenant paid rent before the property had an agreement. */
  async function paidWithoutAgreement() {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, {
      houses: 1,
      rent: '20,000',
      deposit: '20,000',
    });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, tenancyId, '20,000', key())).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 20000, Commission: 0, TaxWithheld: 0, Balance: 20000 }),
    ]);
    return { agency, propId, tenancyId, landlordNo };
  }

  it('re-splits the rent received since that day by an adjustment dated today, leaving the receipts’ entries as they were', async () => {
    const { agency, propId } = await paidWithoutAgreement();
    const saved = await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', WithholdTax: true });
    expect(saved.statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 20000, Commission: 2000, TaxWithheld: 1500, Balance: 16500 }),
    ]);
    expect(await mri(agency, '2026-06')).toEqual([
      expect.objectContaining({ GrossRent: 20000, Tax: 1500, Withheld: 1500 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({
      OwedToLandlords: 16500,
      TaxPayable: 1500,
      CommissionNotTaken: 2000,
      Difference: 0,
    });
    // The same agreement sent again changes nothing more.
    expect(
      (await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', WithholdTax: true }))
        .statusCode,
    ).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Commission: 2000, TaxWithheld: 1500, Balance: 16500 }),
    ]);
    // Changed again from the same day: only the difference moves.
    expect(
      (
        await setAgreement(app, agency, propId, {
          EffectiveFrom: '2026-06-01',
          CommissionPercent: '8.00',
          WithholdTax: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Commission: 1600, TaxWithheld: 0, Balance: 18400 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });
  });

  it('is refused before this month, or once money of that stretch was paid out, and saves nothing', async () => {
    const { agency, propId, landlordNo } = await paidWithoutAgreement();
    const lastMonth = await setAgreement(app, agency, propId, { EffectiveFrom: '2026-05-31' });
    expect(lastMonth.statusCode).toBe(400);
    expect(lastMonth.json().message).toBe(LANDLORD_MESSAGES.dateInPast);
    expect(
      (await payout(app, agency, landlordNo, '1,000', key(), { PayoutDate: '2026-06-05' })).statusCode,
    ).toBe(200);
    const paid = await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01' });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(LANDLORD_MESSAGES.stretchSettled);
    // Terms that move nothing of that stretch are taken: nothing already paid out is rewritten.
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', CommissionPercent: '0.00', NoCommission: true, WithholdTax: false })).statusCode).toBe(200);
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-06' })).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Commission: 2000, Balance: 17000 }),
    ]);
  });
});

// Last in the file: it moves the clock to July.
describe('the landlord’s month for tax withheld (decision 040)', () => {
  it('the month is its own days: rent of the 1st of the next month, posted first, leaves the last day’s tax alone', async () => {
    // The agreement is in force from June; July has begun when the last day's M-Pesa payment is imported.
    clock.set(new Date('2026-06-29T06:00:00Z'));
    const { agency, tenancyIds } = await managed(1);
    await setPaybill(app, agency);
    clock.set(new Date('2026-07-01T06:00:00Z'));
    Object.assign(agency, await signInAgain(app, agency));
    // 10.06 withholds 0.7545, 0.75 alone; the two together 1.509, 1.51: the 1st counted in June would withhold 0.76.
    expect((await pay(app, agency, tenancyIds[0]!, '10.06', key())).statusCode).toBe(200);
    const late = statementCsv([{ receiptNo: 'SJN3000001', at: new Date('2026-06-30T18:00:00Z'), paidIn: '10.06', account: String(tenancyIds[0]) }]);
    expect((await statement(app, agency, 'import', late)).json()).toMatchObject({ Posted: 1 });
    expect(await mri(agency, '2026-06')).toEqual([expect.objectContaining({ GrossRent: 10.06, Tax: 0.75, Withheld: 0.75 })]);
    expect(await mri(agency, '2026-07')).toEqual([expect.objectContaining({ GrossRent: 10.06, Tax: 0.75, Withheld: 0.75 })]);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 20.12, TaxWithheld: 1.5 })]);
  });

  it('a service charge paid in the same import as rent adds nothing to the month the tax is rounded on', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 2, rent: '20,000', deposit: '0' });
    expect((await setAgreement(app, agency, propId, { WithholdTax: true })).statusCode).toBe(200);
    await chargesApi(app).addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,000' });
    const tenancyIds = [await bookOk(app, agency, houseIds[0]!, await tenant()), await bookOk(app, agency, houseIds[1]!, await tenant())];
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    await setPaybill(app, agency);
    // The first tenancy pays rent and the service charge, the second rent: one import, one month's tally for the landlord.
    const at = new Date(clock.now().getTime() - 3_600_000);
    const lines = statementCsv([
      { receiptNo: 'SJL3000001', at, paidIn: '21,000.00', account: String(tenancyIds[0]) },
      { receiptNo: 'SJL3000002', at, paidIn: '20,000.00', account: String(tenancyIds[1]) },
    ]);
    expect((await statement(app, agency, 'import', lines)).json()).toMatchObject({ Posted: 2 });
    const month = accountingDate(clock.now()).slice(0, 7);
    expect(await mri(agency, month)).toEqual([expect.objectContaining({ GrossRent: 40000, Tax: 3000, Withheld: 3000 })]);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 41000, TaxWithheld: 3000 })]);
  });
});
