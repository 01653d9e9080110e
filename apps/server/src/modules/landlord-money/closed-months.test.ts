import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { signInAgain, signedInUser } from '../../test/accounts';
import { agencyWithOwner, bookOk, estate, pay, reverse, type Agency } from '../../test/estate';
import { expense, linkedLandlord, payout, remittanceRun, setAgreement, trustOf } from '../../test/landlord';
import { setPaybill, statement as mpesaStatement } from '../../test/mpesa';
import { pdfWords } from '../../test/pdf-text';
import { statementCsv } from '../../test/statement-csv';

/**
 * DESIGN.md §4c, issue 32 points 2, 3 and 8 (certificate): a landlord's month
 * closes, and nothing issued for it changes afterwards
 * (docs/decisions/036-closed-months.md).
 */
const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `closed-month-key-${++seq}`;
const at = (day: string) => clock.set(new Date(`${day}T09:00:00Z`));
/** Days later, the office signs in again (the tokens of the day before have expired). */
const later = async (agency: Agency, day: string) => {
  at(day);
  Object.assign(agency, await signInAgain(app, agency));
};
const get = (agency: Agency, path: string) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/${path}${path.includes('?') ? '&' : '?'}managingAgentId=${agency.agentId}`, headers: agency.auth });
const post = (agency: Agency, path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/landlord-money/${path}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
const statementOf = async (agency: Agency, landlordNo: number, month: string) => {
  const res = await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=${month}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const mriOf = async (agency: Agency, month: string) => {
  const res = await get(agency, `mri?month=${month}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const certificateWords = async (agency: Agency, landlordNo: number, month: string, extra = '') => {
  const res = await get(agency, `mri/certificate.pdf?LandlordNo=${landlordNo}&month=${month}${extra}`);
  return { status: res.statusCode, words: res.statusCode === 200 ? pdfWords(res.rawPayload) : res.body };
};
/** The paper as the product gives it, without the moment it was drawn (pdfkit's creation date). */
const paperText = async (agency: Agency, path: string) => {
  const res = await get(agency, path);
  expect(res.statusCode).toBe(200);
  return res.headers['content-type'] === 'application/pdf' ? pdfWords(res.rawPayload) : res.body;
};

/** Two houses of one landlord, 35,000 and 15,000 a month, MRI withheld; both booked on 2 March, March's rent charged. */
async function march() {
  at('2026-03-02');
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 2, rent: '35,000', deposit: '0', name: `Baraka Court ${++seq}` });
  expect((await setAgreement(app, agency, propId, { WithholdTax: true })).statusCode).toBe(200);
  const first = await bookOk(app, agency, houseIds[0]!, await tenant());
  const second = await bookOk(app, agency, houseIds[1]!, await tenant());
  const paid = await pay(app, agency, first, '35,000', key());
  expect(paid.statusCode).toBe(200);
  return { agency, propId, landlordNo, first, second, receiptId: paid.json().TransactionId as number };
}

describe('a month closed by its MRI payment', () => {
  it('keeps a late M-Pesa payment timed in it out of its MRI and papers: an amendment with its own payment, the money in the first open month', async () => {
    const { agency, landlordNo, second } = await march();
    // The second tenant's rent is 35,000 too; a 15,000 part of it comes late.
    await later(agency, '2026-04-10');
    const paid = await post(agency, 'mri/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-04-10', Reference: 'KRA-PRN-MARCH' });
    expect(paid.statusCode).toBe(200);
    const before = {
      mri: await mriOf(agency, '2026-03'),
      statement: await statementOf(agency, landlordNo, '2026-03'),
      pdf: await paperText(agency, `owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-03`),
      csv: await paperText(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-03`),
      certificate: await certificateWords(agency, landlordNo, '2026-03'),
    };
    expect(before.mri).toEqual([expect.objectContaining({ GrossRent: 35000, Tax: 2625, Withheld: 2625, PaidToKra: 2625 })]);
    expect(before.certificate.words).toContain('KRA-PRN-MARCH');

    await later(agency, '2026-09-03');
    await setPaybill(app, agency);
    const late = await mpesaStatement(
      app,
      agency,
      'import',
      statementCsv([{ receiptNo: `SRL${String(++seq).padStart(7, '0')}`, at: new Date('2026-03-31T12:00:00+03:00'), paidIn: '15,000.00', account: String(second) }]),
    );
    expect(late.statusCode).toBe(200);

    // March as issued: the same figures under the same papers.
    expect(await mriOf(agency, '2026-03')).toEqual([
      expect.objectContaining({ GrossRent: 35000, Tax: 2625, Withheld: 2625, PaidToKra: 2625, AmendmentDue: 1125 }),
    ]);
    expect(await statementOf(agency, landlordNo, '2026-03')).toEqual(before.statement);
    expect(await paperText(agency, `owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-03`)).toBe(before.pdf);
    expect(await paperText(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-03`)).toBe(before.csv);
    expect(await certificateWords(agency, landlordNo, '2026-03')).toEqual(before.certificate);

    // The money in the first open month (April: nothing closed it), dated 31 March and naming March.
    const april = await statementOf(agency, landlordNo, '2026-04');
    expect(april).toMatchObject({ RentCollected: 15000, TaxWithheld: 1125, Commission: 1500, Closed: false });
    expect(april.LateItems).toEqual([expect.objectContaining({ Date: '2026-03-31', Concerns: '2026-03', Kind: 'collection', Amount: 12375 })]);
    expect(april.OpeningBalance).toBe(before.statement.ClosingBalance);
    // The agency's income counts the commission in the same month as the statement.
    expect((await get(agency, 'income?from=2026-03&to=2026-04')).json()).toEqual([
      expect.objectContaining({ Month: '2026-03', Commission: 3500 }),
      expect.objectContaining({ Month: '2026-04', Commission: 1500 }),
    ]);
    // One month named is that month alone, whichever end it names; none named is this month (September: nothing).
    expect((await get(agency, 'income?from=2026-03')).json()).toEqual([expect.objectContaining({ Month: '2026-03', Commission: 3500 })]);
    expect((await get(agency, 'income?to=2026-04')).json()).toEqual([expect.objectContaining({ Month: '2026-04', Commission: 1500 })]);
    expect((await get(agency, 'income')).json()).toEqual([]);
    const incomeCsv = (await get(agency, 'income.csv?from=2026-04')).body.trim().split(/\r?\n/);
    expect(incomeCsv[0]).toBe('Month,Landlord,Property,Commission (Ksh)');
    expect(incomeCsv.slice(1)).toEqual([expect.stringMatching(/^2026-04,.+,Baraka Court \d+,1500\.00$/)]);

    // The extra tax is March's amendment, paid on its own.
    expect((await post(agency, 'mri/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-09-03', Reference: 'KRA-PRN-AGAIN' })).statusCode).toBe(409);
    const amendment = await post(agency, 'mri/amendment/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-09-03', Reference: 'KRA-PRN-AMEND-1' });
    expect(amendment.statusCode).toBe(200);
    expect(amendment.json().message).toBe('Amendment 1 of MRI for 2026-03 recorded as paid to KRA: Ksh 1,125.00');
    expect((await post(agency, 'mri/amendment/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-09-03', Reference: 'KRA-PRN-AMEND-2' })).statusCode).toBe(400);
    expect(await mriOf(agency, '2026-03')).toEqual([
      expect.objectContaining({
        GrossRent: 35000,
        PaidToKra: 2625,
        AmendmentDue: 0,
        Amendments: [expect.objectContaining({ No: 1, GrossRent: 15000, Withheld: 1125, PaidToKra: 1125, PaidOn: '2026-09-03', Reference: 'KRA-PRN-AMEND-1' })],
      }),
    ]);
    const amended = await certificateWords(agency, landlordNo, '2026-03', '&Amendment=1');
    expect(amended.status).toBe(200);
    expect(amended.words).toContain('Amendment 1');
    expect(amended.words).toContain('KRA-PRN-AMEND-1');
    expect(amended.words).toContain('1,125.00');
    // April's own MRI is April's rent, none of March's.
    expect((await mriOf(agency, '2026-04')).filter((l: { GrossRent: number }) => l.GrossRent !== 0)).toEqual([]);
    expect(await certificateWords(agency, landlordNo, '2026-03')).toEqual(before.certificate);
    expect(await trustOf(app, agency)).toMatchObject({ TaxPayable: 0, Difference: 0 });
  });
});

describe('a month closed by its remittance', () => {
  it('keeps a late payout dated in it out of its statement: the payout is in the first open month, naming March', async () => {
    const { agency, landlordNo, second } = await march();
    await later(agency, '2026-03-31');
    const run = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/remittance',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, PayoutDate: '2026-03-31', Month: '2026-03', idempotencyKey: key(), Payouts: [{ LandlordNo: landlordNo, Amount: '28,875' }] },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual([expect.objectContaining({ Status: 'paid' })]);
    const issued = await statementOf(agency, landlordNo, '2026-03');
    expect(issued).toMatchObject({ ClosingBalance: 0, Closed: true });
    const advicePath = `payout/advice.pdf?PayoutId=${run.json()[0].PayoutId}`;
    const advice = await paperText(agency, advicePath);

    await later(agency, '2026-04-10');
    await pay(app, agency, second, '1,000', key());
    await later(agency, '2026-09-03');
    const late = await payout(app, agency, landlordNo, '100', key(), { PayoutDate: '2026-03-15' });
    expect(late.statusCode).toBe(200);
    expect(await statementOf(agency, landlordNo, '2026-03')).toEqual(issued);
    // In the first open month, April, beside April's own rent.
    const april = await statementOf(agency, landlordNo, '2026-04');
    expect(april.Payouts).toEqual([expect.objectContaining({ Date: '2026-03-15', Amount: 100 })]);
    expect(april.LateItems).toEqual([expect.objectContaining({ Date: '2026-03-15', Concerns: '2026-03', Kind: 'payout', Amount: -100 })]);
    expect(april).toMatchObject({ OpeningBalance: 0, RentCollected: 1000, PayoutsTotal: 100, ClosingBalance: 825 - 100 });
    expect(await paperText(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-04`)).toContain('Late entry for 2026-03,2026-03-15');
    expect(await paperText(agency, `owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-04`)).toContain('Late entries for closed months');
    // The remittance advice prints the same in September as on the day it was issued.
    expect(await paperText(agency, advicePath)).toBe(advice);
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });
  });

  it('closes the month a single payout names as the statement it remits, none when it names none', async () => {
    const { agency, landlordNo } = await march();
    await later(agency, '2026-04-02');
    expect((await payout(app, agency, landlordNo, '100', key())).statusCode).toBe(200);
    expect((await get(agency, `months?LandlordNo=${landlordNo}`)).json()).toMatchObject({ ClosedThrough: null });
    expect((await payout(app, agency, landlordNo, '100', key(), { Month: '2026-05' })).statusCode).toBe(400);
    expect((await payout(app, agency, landlordNo, '28,675', key(), { Month: '2026-03' })).statusCode).toBe(200);
    expect((await get(agency, `months?LandlordNo=${landlordNo}`)).json()).toMatchObject({ ClosedThrough: '2026-03', Closures: [expect.objectContaining({ Reason: 'remitted' })] });
  });

  it('closes the month before the payout date when the run names none', async () => {
    const { agency, landlordNo } = await march();
    await later(agency, '2026-04-05');
    expect((await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: '28,875' }])).statusCode).toBe(200);
    expect(await statementOf(agency, landlordNo, '2026-03')).toMatchObject({ Closed: true });
    expect(await statementOf(agency, landlordNo, '2026-04')).toMatchObject({ Closed: false });
  });
});

describe('closing a month by hand', () => {
  it('closes it and every month before, once; a late expense dated in it goes to the first open month', async () => {
    const { agency, landlordNo, propId } = await march();
    await later(agency, '2026-05-02');
    const close = (month: string) => post(agency, 'month/close', { LandlordNo: landlordNo, month });
    expect((await close('2026-05')).statusCode).toBe(400);
    const closed = await close('2026-03');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe('Month 2026-03 closed for this landlord');
    expect((await close('2026-03')).statusCode).toBe(409);
    expect((await close('2026-02')).statusCode).toBe(409);
    const months = await get(agency, `months?LandlordNo=${landlordNo}`);
    expect(months.json()).toMatchObject({ ClosedThrough: '2026-03', Closures: [expect.objectContaining({ Month: '2026-03', Reason: 'by_hand' })] });
    // February, closed with March but never issued, is issued when first read and reads the same after.
    const february = await statementOf(agency, landlordNo, '2026-02');
    expect(february).toMatchObject({ Month: '2026-02', Closed: true, ClosingBalance: 0 });
    expect(await statementOf(agency, landlordNo, '2026-02')).toEqual(february);

    const issued = await statementOf(agency, landlordNo, '2026-03');
    expect((await expense(app, agency, propId, '500', { ExpenseDate: '2026-03-20' })).statusCode).toBe(200);
    expect(await statementOf(agency, landlordNo, '2026-03')).toEqual(issued);
    expect((await statementOf(agency, landlordNo, '2026-04')).ExpensesTotal).toBe(500);

    const other = await agencyWithOwner(app);
    expect((await post(other, 'month/close', { LandlordNo: landlordNo, month: '2026-04' })).statusCode).toBe(404);
    expect((await get(other, `months?LandlordNo=${landlordNo}`)).statusCode).toBe(404);
  });
});

describe('a month whose only rent is a reversal (point 3)', () => {
  it('prints no negative certificate: the reversal is the month of the rent it takes back', async () => {
    at('2026-03-02');
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '1,001', deposit: '0', name: `Reversal Court ${++seq}` });
    await setAgreement(app, agency, propId, { WithholdTax: true });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const receipt = await pay(app, agency, tenancyId, '1,001', key());
    await later(agency, '2026-04-03');
    expect((await reverse(app, agency, receipt.json().TransactionId)).statusCode).toBe(200);
    expect((await mriOf(agency, '2026-04')).filter((l: { GrossRent: number }) => l.GrossRent !== 0)).toEqual([]);
    expect((await certificateWords(agency, landlordNo, '2026-04')).status).toBe(404);
    expect(await mriOf(agency, '2026-03')).toEqual([expect.objectContaining({ GrossRent: 0, Withheld: 0 })]);
    expect((await certificateWords(agency, landlordNo, '2026-03')).status).toBe(404);
  });

  it('after the month’s MRI was paid, shows the reversal as overpaid to KRA, never a negative certificate, and refuses to pay it', async () => {
    at('2026-03-02');
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '1,001', deposit: '0', name: `Reversal Court ${++seq}` });
    await setAgreement(app, agency, propId, { WithholdTax: true });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const receipt = await pay(app, agency, tenancyId, '1,001', key());
    await later(agency, '2026-04-03');
    expect((await post(agency, 'mri/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-04-03', Reference: 'PRN-1' })).statusCode).toBe(200);
    expect((await reverse(app, agency, receipt.json().TransactionId)).statusCode).toBe(200);
    expect(await mriOf(agency, '2026-03')).toEqual([expect.objectContaining({ GrossRent: 1001, Withheld: 75.08, PaidToKra: 75.08, AmendmentDue: -75.08 })]);
    expect((await mriOf(agency, '2026-04')).filter((l: { GrossRent: number }) => l.GrossRent !== 0)).toEqual([]);
    const refused = await post(agency, 'mri/amendment/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-04-03', Reference: 'PRN-2' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Nothing is owed to KRA on an amendment of this month: Ksh 75.08 was overpaid');
    expect((await certificateWords(agency, landlordNo, '2026-04')).status).toBe(404);
  });
});

describe('the withholding certificate (point 8)', () => {
  it('says plainly that the tax is not yet paid, and names the payment once it is', async () => {
    const { agency, landlordNo } = await march();
    const unpaid = await certificateWords(agency, landlordNo, '2026-03');
    expect(unpaid.status).toBe(200);
    expect(unpaid.words).not.toContain('Paid to KRA: Ksh 0.00');
    expect(unpaid.words).toContain('Not yet paid to KRA');
    await later(agency, '2026-04-12');
    await post(agency, 'mri/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-04-11', Reference: 'PRN-CERT' });
    const paid = await certificateWords(agency, landlordNo, '2026-03');
    expect(paid.words).toContain('2,625.00');
    expect(paid.words).toContain('PRN-CERT');
    expect(paid.words).not.toContain('Not yet paid to KRA');
  });
});

describe('the papers of a closed month, kept as issued (decision 050)', () => {
  it('prints the certificate and the remittance advice as issued, at the office and in the landlord’s view, whatever came after', async () => {
    const { agency, landlordNo, second, receiptId } = await march();
    expect((await post(agency, 'kra-pin', { LandlordNo: landlordNo, KraPin: 'A111111111B' })).statusCode).toBe(200);
    const landlord = await signedInUser(app);
    const linkId = await linkedLandlord(app, agency, landlordNo, landlord);
    const viewWords = async (path: string) => {
      Object.assign(landlord, await signInAgain(app, landlord));
      const res = await app.inject({ method: 'GET', url: `/api/landlord-view/${path}&LinkId=${linkId}`, headers: landlord.auth });
      expect(res.statusCode, res.body).toBe(200);
      return pdfWords(res.rawPayload);
    };
    await later(agency, '2026-04-10');
    expect((await post(agency, 'mri/payment', { LandlordNo: landlordNo, month: '2026-03', PaidOn: '2026-04-10', Reference: 'KRA-PRN-KEPT' })).statusCode).toBe(200);
    const run = await remittanceRun(app, agency, key(), [{ LandlordNo: landlordNo, Amount: '28,875' }]);
    expect(run.statusCode, run.body).toBe(200);
    const advicePath = `payout/advice.pdf?PayoutId=${run.json()[0].PayoutId}`;
    const issued = {
      certificate: await certificateWords(agency, landlordNo, '2026-03'),
      advice: await paperText(agency, advicePath),
      viewCertificate: await viewWords('mri/certificate.pdf?month=2026-03'),
      viewAdvice: await viewWords(`${advicePath}`),
    };
    expect(issued.certificate.words).toContain('A111111111B');
    expect(issued.viewCertificate).toBe(issued.certificate.words);

    // September: late money timed in March, the March cheque bounced, the landlord renamed and a new KRA PIN.
    await later(agency, '2026-09-03');
    await setPaybill(app, agency);
    const late = await mpesaStatement(
      app,
      agency,
      'import',
      statementCsv([{ receiptNo: `SRK${String(++seq).padStart(7, '0')}`, at: new Date('2026-03-31T12:00:00+03:00'), paidIn: '15,000.00', account: String(second) }]),
    );
    expect(late.statusCode).toBe(200);
    expect((await reverse(app, agency, receiptId, 'Cheque bounced')).statusCode).toBe(200);
    expect((await post(agency, 'kra-pin', { LandlordNo: landlordNo, KraPin: 'A222222222C' })).statusCode).toBe(200);
    const renamed = await app.inject({
      method: 'POST',
      url: '/api/client/editclientdetails',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, ClientNo: landlordNo, Full_name: 'Renamed Landlord Later', Email: `renamed.${++seq}@example.com`, PhoneNo: '0711000222' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expect(await certificateWords(agency, landlordNo, '2026-03')).toEqual(issued.certificate);
    expect(await paperText(agency, advicePath)).toBe(issued.advice);
    expect(await viewWords('mri/certificate.pdf?month=2026-03')).toBe(issued.viewCertificate);
    expect(await viewWords(`${advicePath}`)).toBe(issued.viewAdvice);
  });
});
