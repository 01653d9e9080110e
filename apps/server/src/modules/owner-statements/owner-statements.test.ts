import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, runInvoices, type Agency } from '../../test/estate';
import { expense, payOnward, remittanceRun, setAgreement, trustOf } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `statement-key-${++seq}`;
const get = (agency: Agency, path: string) => app.inject({ method: 'GET', url: `/api/landlord-money/${path}managingAgentId=${agency.agentId}`, headers: agency.auth });

/** The walk: 10% with MRI withheld, Ksh 20,000 paid, a 3,000 expense, the 13,500 left paid out. */
async function walked() {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 2, rent: '20,000', deposit: '0', name: `Amani Flats ${++seq}` });
  await setAgreement(app, agency, propId, { WithholdTax: true });
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  await pay(app, agency, tenancyId, '20,000', key());
  await expense(app, agency, propId, '3,000', { HouseId: houseIds[0] });
  await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: '13,500' }]);
  return { agency, landlordNo, propId };
}

describe('the owner statement', () => {
  it('shows the month from the journal: opening, houses, commission, tax, expenses with payees, payouts, closing, vacant houses', async () => {
    const { agency, landlordNo } = await walked();
    const res = await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-06&`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      Month: '2026-06',
      OpeningBalance: 0,
      RentCharged: 20000,
      Collected: 20000,
      Commission: 2000,
      TaxWithheld: 1500,
      ExpensesTotal: 3000,
      PayoutsTotal: 13500,
      ClosingBalance: 0,
      VacantHouses: 1,
    });
    expect(s.Houses).toEqual([
      expect.objectContaining({ RentCharged: 20000, RentCollected: 20000, Arrears: 0, Vacant: false }),
      expect.objectContaining({ Tenant_name: null, RentCharged: 0, Vacant: true }),
    ]);
    expect(s.Expenses).toEqual([expect.objectContaining({ Payee: 'Juma Plumbers', Category: 'repairs', Amount: 3000 })]);
    expect(s.Payouts).toEqual([expect.objectContaining({ Amount: 13500, Method: 'bank' })]);
    const next = (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-07&`)).json();
    expect(next).toMatchObject({ OpeningBalance: 0, Collected: 0, ClosingBalance: 0 });
  });

  it('gives the same figures as CSV and as an A4 PDF, and emails the PDF through the outbox', async () => {
    const { agency, landlordNo } = await walked();
    const csv = await get(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-06&`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Summary,,,,Rent collected,,20000.00,');
    expect(csv.body).toContain('Summary,,,,Commission,,-2000.00,');
    expect(csv.body).toContain('Summary,,,,Rental income tax withheld,,-1500.00,');
    expect(csv.body).toContain('Summary,,,,Closing balance,,0.00,');
    expect(csv.body).toContain('Juma Plumbers,,3000.00,');
    const pdf = await get(agency, `owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-06&`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

    const sent = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/owner-statement/email',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
    });
    expect(sent.statusCode).toBe(200);
    const mail = rowsOf<{ subject: string; body: string }>(
      await app.database.db.execute(sql`SELECT subject, body FROM mail_outbox WHERE subject LIKE '%owner statement for June 2026' ORDER BY id DESC LIMIT 1`),
    )[0]!;
    expect(mail.body).toContain('Your owner statement for June 2026 is attached.');
    expect(mail.body).toContain('closing balance: Ksh 0.00');
    // An agency not VAT-registered charges none, and the email does not speak of it.
    expect(mail.body).not.toContain('VAT');
    // The answer, with the address it went to, in the language the office reads.
    const to = /^Statement sent to (.+)$/.exec(sent.json().message)![1]!;
    const swahili = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/owner-statement/email',
      headers: { ...agency.auth, 'accept-language': 'sw' },
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
    });
    expect(swahili.json().message).toBe(`Taarifa imetumwa kwa ${to}`);
    expect(mail.body).toMatch(new RegExp(`\\[attached: owner-statement-${landlordNo}-2026-06\\.pdf, \\d+ bytes\\]`));
  });

  it('names every line of a month with rent, a charge of the landlord’s, one paid onward, expenses on a house and the property, and a payout', async () => {
    const agency = await agencyWithOwner(app);
    const name = `Baraka Court ${++seq}`;
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 2, rent: '20,000', deposit: '0', name });
    await setAgreement(app, agency, propId, { WithholdTax: true });
    const api = chargesApi(app);
    await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,000', FromMonth: '2026-06' });
    const garbage = await api.addCharge(agency, { PropId: propId, Name: 'Garbage', Amount: 300, PassThrough: true, FromMonth: '2026-06' });
    const renter = await tenant();
    const tenancyId = await bookOk(app, agency, houseIds[0]!, renter);
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    expect((await pay(app, agency, tenancyId, '21,300', key())).statusCode).toBe(200);
    const onHouse = await expense(app, agency, propId, '3,000', { HouseId: houseIds[0] });
    const onProperty = await expense(app, agency, propId, '500', { Category: 'security', Payee: 'Simba Guards' });
    const onward = await payOnward(app, agency, propId, `charge:${garbage.json().ChargeId}`, '300', key());
    expect(onward.statusCode, onward.body).toBe(200);
    const run = await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: '10,000', Reference: 'EFT-55' }]);
    const s = (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-06&`)).json();
    // Rent 20,000 and the service charge 1,000 are the landlord's; garbage 300 is passed on.
    // Commission 10% of rent, MRI 7.5% of rent: 21,000 − 2,000 − 1,500 − 3,500 − 10,000 = 4,000.
    expect(s).toEqual({
      Agency: expect.any(String),
      AgencyRegistration: { EarbNo: null, PractisingYear: null },
      LandlordNo: landlordNo,
      Landlord_name: expect.stringMatching(/^Landlord\d+ Mutua$/),
      KraPin: null,
      Month: '2026-06',
      From: '2026-06-01',
      To: '2026-06-30',
      OpeningBalance: 0,
      BroughtForward: 0,
      Houses: [
        {
          PropId: propId,
          Property_name: name,
          HouseId: houseIds[0],
          House_number: expect.any(String),
          TenancyId: tenancyId,
          Tenant_name: expect.any(String),
          RentCharged: 20000,
          RentCollected: 20000,
          Arrears: 0,
          Vacant: false,
        },
        {
          PropId: propId,
          Property_name: name,
          HouseId: houseIds[1],
          House_number: expect.any(String),
          TenancyId: null,
          Tenant_name: null,
          RentCharged: 0,
          RentCollected: 0,
          Arrears: 0,
          Vacant: true,
        },
      ],
      RentCharged: 20000,
      Collected: 21300,
      RentCollected: 20000,
      ChargesCollected: 1300,
      PassedOn: 300,
      Commission: 2000,
      Vat: 0,
      VatPin: null,
      TaxWithheld: 1500,
      Expenses: [
        { ExpenseId: onHouse.json().ExpenseId, Date: '2026-06-10', Property_name: name, House_number: expect.any(String), Category: 'repairs', Payee: 'Juma Plumbers', Amount: 3000 },
        { ExpenseId: onProperty.json().ExpenseId, Date: '2026-06-10', Property_name: name, House_number: null, Category: 'security', Payee: 'Simba Guards', Amount: 500 },
      ],
      ExpensesTotal: 3500,
      Payouts: [{ PayoutId: run.json()[0].PayoutId, Date: '2026-06-10', Method: 'bank', Reference: 'EFT-55', Amount: 10000 }],
      PayoutsTotal: 10000,
      ClosingBalance: 4000,
      PaidOnward: [
        {
          PaymentId: onward.json().PaymentId,
          Date: '2026-06-10',
          Property_name: name,
          Charge: `charge:${garbage.json().ChargeId}`,
          Charge_name: 'Garbage',
          Payee: 'Kileleshwa Waste Ltd',
          Method: 'mpesa',
          Reference: 'QWE123RTY',
          Amount: 300,
        },
      ],
      PaidOnwardTotal: 300,
      OwedOnward: 0,
      FeesTransferred: 0,
      VacantHouses: 1,
      Closed: false,
      IssuedAt: null,
      LateItems: [],
    });
    expect(s.Houses[0].House_number).not.toBe(s.Houses[1].House_number);
    expect(s.Expenses[0].House_number).toBe(s.Houses[0].House_number);
  });

  it('is the agency’s own landlords only', async () => {
    const { landlordNo } = await walked();
    const other = await agencyWithOwner(app);
    expect((await get(other, `owner-statement?LandlordNo=${landlordNo}&`)).statusCode).toBe(404);
    expect((await get(other, `owner-statement.pdf?LandlordNo=${landlordNo}&`)).statusCode).toBe(404);
  });
});

describe('agency income and MRI', () => {
  it('reports commission per month, landlord and property, with CSV', async () => {
    const { agency, landlordNo, propId } = await walked();
    expect((await get(agency, 'income?from=2026-06&to=2026-06&')).json()).toEqual([
      expect.objectContaining({ Month: '2026-06', LandlordNo: landlordNo, PropId: propId, Commission: 2000 }),
    ]);
    expect((await get(agency, 'income.csv?')).body).toMatch(/2026-06,Landlord\d+ Mutua,Amani Flats \d+,2000\.00/);
  });

  it('reports MRI at the dated 7.5%, its filing CSV and certificate, and a payment to KRA clears the payable once', async () => {
    const { agency, landlordNo } = await walked();
    const pin = await app.inject({ method: 'POST', url: '/api/landlord-money/kra-pin', headers: agency.auth, payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: 'A123456789B' } });
    expect(pin.statusCode).toBe(200);
    expect((await get(agency, 'mri?month=2026-06&')).json()).toEqual([
      expect.objectContaining({ KraPin: 'A123456789B', GrossRent: 20000, RatePercent: '7.50', Tax: 1500, Withheld: 1500, PaidToKra: 0, DueBy: '2026-07-20' }),
    ]);
    expect((await get(agency, 'mri.csv?month=2026-06&')).body).toContain('A123456789B,2026-06,20000.00,7.50,1500.00,1500.00,0.00,2026-07-20');
    expect((await get(agency, 'mri-filing.csv?month=2026-06&')).body).toMatch(/Landlord\d+ Mutua,A123456789B,20000\.00,1500\.00/);
    const cert = await get(agency, `mri/certificate.pdf?LandlordNo=${landlordNo}&month=2026-06&`);
    expect(cert.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const paid = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/landlord-money/mri/payment', headers: agency.auth, payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, ...payload } });
    expect((await paid({ month: '2026-06', PaidOn: '2026-06-10', Reference: 'KRA-PRN-1' })).statusCode).toBe(200);
    expect((await paid({ month: '2026-06', PaidOn: '2026-06-10', Reference: 'KRA-PRN-1' })).statusCode).toBe(409);
    expect((await paid({ month: '2026-05', PaidOn: '2026-06-10', Reference: 'KRA-PRN-2' })).statusCode).toBe(400);
    expect(await trustOf(app, agency)).toMatchObject({ TaxPayable: 0, Difference: 0 });
    expect((await get(agency, 'mri?month=2026-06&')).json()[0]).toMatchObject({ PaidToKra: 1500 });
  });

  it('leaves commercial rent out of MRI', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '50,000', deposit: '0' });
    await setAgreement(app, agency, propId, { PropertyUse: 'commercial' });
    await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '50,000', key());
    expect((await get(agency, 'mri?')).json()).toEqual([expect.objectContaining({ GrossRent: 0, Tax: 0, Withheld: 0 })]);
  });
});
