import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { remittanceRun, setAgreement } from '../../test/landlord';
import { pdfWords } from '../../test/pdf-text';
import { receiptPdf } from '../tenant-links/receipt-pdf';

// Issue 34: "The agency's EARB registration number and practising-certificate
// year are settings printed on its papers" (Estate Agents Act, Cap 533).
describe("the agency's Estate Agents Act registration", () => {
  const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
  let app: FastifyInstance;
  let agency: Agency;
  let landlordNo: number;
  let tenancyId: number;

  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    landlordNo = place.landlordNo;
    await setAgreement(app, agency, place.propId, { WithholdTax: true });
    tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
    expect((await pay(app, agency, tenancyId, '20,000', 'registration-pay-1')).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  const get = (who: Agency, agentId = who.agentId) =>
    app.inject({ method: 'GET', url: `/api/agent/registration?managingAgentId=${agentId}`, headers: who.auth });
  const save = (who: Agency, payload: object, agentId = who.agentId) =>
    app.inject({ method: 'POST', url: '/api/agent/registration', headers: who.auth, payload: { managingAgentId: agentId, ...payload } });
  const paper = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${path}managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return pdfWords(res.rawPayload);
  };

  it('is blank until the agency gives it, and the papers print no line for it', async () => {
    expect((await get(agency)).json()).toEqual({ EarbNo: null, PractisingYear: null });
    expect(await paper(`/landlord-money/owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-06&`)).not.toContain('EARB');
  });

  it('refuses what is not a registration number or a practising year, changing nothing', async () => {
    const refusals: [object, string][] = [
      [{ EarbNo: 'EA$12', PractisingYear: 2026 }, 'Write the EARB registration number as the Board issued it: letters, digits, / and -, at most 30'],
      [{ EarbNo: 'X'.repeat(31), PractisingYear: null }, 'Write the EARB registration number as the Board issued it: letters, digits, / and -, at most 30'],
      [{ EarbNo: 'EA/1234', PractisingYear: 1999 }, 'The practising certificate year is a year from 2000 to next year'],
      [{ EarbNo: 'EA/1234', PractisingYear: new Date().getUTCFullYear() + 2 }, 'The practising certificate year is a year from 2000 to next year'],
      [{ EarbNo: 'EA/1234', PractisingYear: 2026.5 }, 'The practising certificate year is a year from 2000 to next year'],
      [{ EarbNo: '', PractisingYear: 2026 }, 'Give the EARB registration number with the practising certificate year'],
    ];
    for (const [payload, message] of refusals) {
      const res = await save(agency, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect((await get(agency)).json()).toEqual({ EarbNo: null, PractisingYear: null });
  });

  it("is the agency admin's alone to read and save", async () => {
    const other = await agencyWithOwner(app);
    expect((await get(other, agency.agentId)).statusCode).toBe(404);
    expect((await save(other, { EarbNo: 'EA/9', PractisingYear: 2026 }, agency.agentId)).statusCode).toBe(404);
    expect((await get(agency)).json()).toEqual({ EarbNo: null, PractisingYear: null });
  });

  it('is saved as the Board writes it and printed under the agency name on every paper, in English and Kiswahili', async () => {
    const saved = await save(agency, { EarbNo: ' ea/1234 ', PractisingYear: '2026' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Estate Agents Act registration saved', EarbNo: 'EA/1234', PractisingYear: 2026 });
    expect((await get(agency)).json()).toEqual({ EarbNo: 'EA/1234', PractisingYear: 2026 });

    const line = 'EARB registration no. EA/1234 · Practising certificate 2026';
    expect(await paper(`/landlord-money/owner-statement.pdf?LandlordNo=${landlordNo}&month=2026-06&`)).toContain(line);
    expect(await paper(`/financialstatements/statement.pdf?tenancyId=${tenancyId}&`)).toContain(line);
    const pin = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/kra-pin',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: 'A123456789B' },
    });
    expect(pin.statusCode).toBe(200);
    expect(await paper(`/landlord-money/mri/certificate.pdf?LandlordNo=${landlordNo}&month=2026-06&`)).toContain(line);
    const run = await remittanceRun(app, agency, 'registration-run-1', [{ LandlordNo: landlordNo, Amount: '1,000' }]);
    expect(run.statusCode, run.body).toBe(200);
    const payoutId = run.json().Results?.[0]?.PayoutId ?? run.json()[0]?.PayoutId;
    expect(await paper(`/landlord-money/payout/advice.pdf?PayoutId=${payoutId}&`)).toContain(line);

    const line0 = {
      TransactionId: 1,
      TransactionDate: '2026-06-10T09:00:00.000Z',
      ReceiptNo: 'R-000001',
      TrsAccount: 'Rent',
      TransactionDetails: 'Cash at the office',
      Credit: 20000,
      Debit: 0,
      Balance: 0,
    } as unknown as Parameters<typeof receiptPdf>[0]['line'];
    const receipt = (language: 'en' | 'sw') =>
      receiptPdf(
        { agencyName: 'Tumaini Homes', registration: { EarbNo: 'EA/1234', PractisingYear: 2026 }, tenantName: 'Zawadi', house: 'A1', property: 'Amani', line: line0 },
        language,
      );
    expect(pdfWords(await receipt('en'))).toContain(line);
    expect(pdfWords(await receipt('sw'))).toContain('Nambari ya usajili ya EARB EA/1234 · Cheti cha kutenda kazi 2026');
  });
});
