import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, type Agency } from '../../test/estate';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';

/**
 * Charges besides rent are money too (DESIGN.md §4b, issue 22): a service
 * charge the landlord owns is the landlord's once paid, with commission only
 * where the agreement names its kind; a pass-through charge (garbage paid on
 * to the county's contractor) is owed onward, never the landlord's; MRI is on
 * rent alone.
 */
const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `charge-money-key-${++seq}`;
const get = (agency: Agency, path: string) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/${path}managingAgentId=${agency.agentId}`, headers: agency.auth });

/** Rent 20,000 on a 10% agreement withholding MRI, a service charge of 1,000 (the landlord's) and garbage of 300 (passed on), all charged for June. */
async function charged(agreement: Record<string, unknown> = {}) {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  expect((await setAgreement(app, agency, propId, { WithholdTax: true, ...agreement })).statusCode).toBe(200);
  const api = chargesApi(app);
  expect((await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,000', FromMonth: '2026-06' })).statusCode).toBe(200);
  expect((await api.addCharge(agency, { PropId: propId, Name: 'Garbage', Amount: 300, PassThrough: true, FromMonth: '2026-06' })).statusCode).toBe(200);
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  expect((await runInvoices(app, agency)).statusCode).toBe(200);
  return { agency, propId, tenancyId, landlordNo };
}

describe('charges besides rent on the landlord side', () => {
  it('a service charge paid is the landlord’s, without commission unless the agreement names it; garbage passed on is owed onward; MRI on rent only', async () => {
    const { agency, tenancyId, landlordNo } = await charged();
    expect((await pay(app, agency, tenancyId, '21,300', key())).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ LandlordNo: landlordNo, Collected: 21300, Commission: 2000, TaxWithheld: 1500, PassedOn: 300, Balance: 17500 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({
      Received: 21300,
      OwedToLandlords: 17500,
      TaxPayable: 1500,
      CommissionNotTaken: 2000,
      PassThroughPayable: 300,
      TenantCredits: 0,
      Difference: 0,
    });
    const mri = (await get(agency, 'mri?month=2026-06&')).json();
    expect(mri).toEqual([expect.objectContaining({ GrossRent: 20000, Tax: 1500, Withheld: 1500 })]);
  });

  it('commission on the service charge too when the agreement names it', async () => {
    const { agency, tenancyId } = await charged({ CommissionKinds: ['rent', 'service'] });
    await pay(app, agency, tenancyId, '21,300', key());
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 21300, Commission: 2100, TaxWithheld: 1500, PassedOn: 300, Balance: 17400 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 2100, PassThroughPayable: 300, Difference: 0 });
  });

  it('a part payment pays the oldest charges first and each counts as it is paid', async () => {
    const { agency, tenancyId } = await charged({ WithholdTax: false });
    // Rent first (booked first), then the service charge in part: 20,000 + 600.
    await pay(app, agency, tenancyId, '20,600', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 20600, Commission: 2000, PassedOn: 0, Balance: 18600 })]);
    await pay(app, agency, tenancyId, '700', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 21300, Commission: 2000, PassedOn: 300, Balance: 19000 })]);
    expect(await trustOf(app, agency)).toMatchObject({ PassThroughPayable: 300, Difference: 0 });
  });

  it('a reversal takes back the landlord’s share, the commission, the tax and what was owed onward', async () => {
    const { agency, tenancyId } = await charged({ CommissionKinds: ['rent', 'service'] });
    const paid = await pay(app, agency, tenancyId, '21,300', key());
    expect((await reverse(app, agency, paid.json().TransactionId)).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 0, Commission: 0, TaxWithheld: 0, PassedOn: 0, Balance: 0 }),
    ]);
    expect(await trustOf(app, agency)).toMatchObject({ Held: 0, PassThroughPayable: 0, CommissionNotTaken: 0, Difference: 0 });
  });

  it('the owner statement shows the charges collected and what was passed on, and its closing balance follows from them', async () => {
    const { agency, tenancyId, landlordNo } = await charged({ CommissionKinds: ['rent', 'service'] });
    await pay(app, agency, tenancyId, '21,300', key());
    const s = (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-06&`)).json();
    expect(s).toMatchObject({
      RentCharged: 20000,
      Collected: 21300,
      ChargesCollected: 1300,
      PassedOn: 300,
      Commission: 2100,
      TaxWithheld: 1500,
      ClosingBalance: 17400,
    });
    expect(s.Houses).toEqual([expect.objectContaining({ RentCollected: 20000 })]);
    const csv = (await get(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-06&`)).body;
    // The CSV's summary is the screen's, line for line.
    expect(csv).toContain('Summary,,,,Rent collected,,20000.00,');
    expect(csv).toContain('Summary,,,,Other charges collected,,1300.00,');
    expect(csv).toContain('Summary,,,,Passed on to third parties,,-300.00,');
    expect(csv).toContain('Summary,,,,Commission,,-2100.00,');
    expect(csv).toContain('Summary,,,,Closing balance,,17400.00,');
  });

  it('refuses a commission kind it does not know', async () => {
    const agency = await agencyWithOwner(app);
    const { propId } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    expect((await setAgreement(app, agency, propId, { CommissionKinds: ['deposit'] })).statusCode).toBe(400);
    expect((await setAgreement(app, agency, propId, { CommissionKinds: ['rent', 'water', 'penalty', 'service'] })).statusCode).toBe(200);
  });
});
