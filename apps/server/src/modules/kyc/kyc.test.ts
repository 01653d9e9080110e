import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser, landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { pdfWords } from '../../test/pdf-text';

/**
 * KYC records and the AML log (POCAMLA; docs/decisions/044-kyc-and-aml-records.md):
 * versions, never edits; documents by their bytes; receipts at or above the
 * dated threshold logged as they are entered; a draft STR to print; only admins
 * and the reporting officer; the database refusing change within 7 years.
 */
const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
let app: FastifyInstance;
let agency: Agency;
let landlordNo: number;
let tenantNo: number;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '2,500,000', deposit: '0' });
  landlordNo = place.landlordNo;
  tenantNo = await place.tenant('Acme');
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, tenantNo);
});
afterAll(() => app.close());

const post = (who: { auth: Record<string, string> }, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: who.auth, payload: { managingAgentId: agency.agentId, ...payload } });
const get = (who: { auth: Record<string, string> }, url: string, query = '') =>
  app.inject({ method: 'GET', url: `/api${url}?managingAgentId=${agency.agentId}${query}`, headers: who.auth });
const kycOf = (no: number, fields: object = {}) => ({
  ClientNo: no,
  Kind: 'landlord',
  FullName: 'Wanjiru Kamau',
  IdKind: 'national_id',
  IdNumber: '12345678',
  KraPin: 'a123456789b',
  Pep: false,
  VerifiedOn: '2026-11-19',
  BeneficialOwners: [],
  ...fields,
});
const PDF = Buffer.from('%PDF-1.4\n% scan\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const count = async (table: string) =>
  Number(rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);

describe('KYC records', () => {
  it('saves a record as a new version each time, the PIN as KRA writes it, with beneficial owners; bad input changes nothing', async () => {
    const bad = await post(agency, '/kyc/record', kycOf(landlordNo, { KraPin: 'A12345678B' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A KRA PIN is a letter, nine digits and a letter (A123456789B)');
    const over = await post(agency, '/kyc/record', kycOf(landlordNo, {
      BeneficialOwners: [
        { Name: 'A', IdNumber: '1', SharePercent: 60, Pep: false },
        { Name: 'B', IdNumber: '2', SharePercent: 41, Pep: true },
      ],
    }));
    expect(over.statusCode).toBe(400);
    expect(await count('kyc_records')).toBe(0);

    const first = await post(agency, '/kyc/record', kycOf(landlordNo));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Customer due diligence record saved', Version: 1 });
    const corrected = await post(agency, '/kyc/record', kycOf(tenantNo, {
      Kind: 'business_tenant',
      FullName: 'Acme Traders Ltd',
      IdKind: 'company_registration',
      IdNumber: 'PVT-AB12CD',
      KraPin: 'P051234567Q',
      BeneficialOwners: [{ Name: 'Juma Otieno', IdNumber: '22334455', SharePercent: 75.5, Pep: true }],
    }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    const second = await post(agency, '/kyc/record', kycOf(landlordNo, { IdNumber: '12345679', Pep: true, PepDetails: 'County MCA' }));
    expect(second.json().Version).toBe(2);

    const record = (await get(agency, '/kyc/record', `&ClientNo=${landlordNo}`)).json();
    expect(record.Versions.map((v: { Version: number; IdNumber: string; KraPin: string }) => [v.Version, v.IdNumber, v.KraPin])).toEqual([
      [2, '12345679', 'A123456789B'],
      [1, '12345678', 'A123456789B'],
    ]);
    const tenant = (await get(agency, '/kyc/record', `&ClientNo=${tenantNo}`)).json();
    expect(tenant.Versions[0].BeneficialOwners).toEqual([{ Name: 'Juma Otieno', IdNumber: '22334455', SharePercent: 75.5, Pep: true }]);
    const subjects = (await get(agency, '/kyc/subjects')).json();
    expect(subjects).toEqual(expect.arrayContaining([expect.objectContaining({ ClientNo: landlordNo, Version: 2, Pep: true, Kinds: ['landlord'] })]));
  });

  it('keeps documents checked by their bytes, at most 5 MB', async () => {
    const upload = (body: Buffer, type = 'application/pdf') =>
      app.inject({
        method: 'POST',
        url: `/api/kyc/document?managingAgentId=${agency.agentId}&ClientNo=${landlordNo}&name=id-copy.pdf&description=ID%20copy`,
        headers: { ...agency.auth, 'content-type': type },
        payload: body,
      });
    const fake = await upload(Buffer.from('not a pdf at all'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('A document must be a PDF, JPEG, PNG or WebP file, checked by its contents');
    expect((await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x25))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await count('kyc_documents')).toBe(0);
    const ok = await upload(PDF);
    expect(ok.statusCode, ok.body).toBe(200);
    const back = await get(agency, '/kyc/document', `&DocumentId=${ok.json().DocumentId}`);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.equals(PDF)).toBe(true);
  });

  it('is refused to hired users other than the reporting officer, to landlords’ own accounts and to other agencies', async () => {
    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    expect((await get(clerk, '/kyc/subjects')).statusCode).toBe(403);
    expect((await post(clerk, '/kyc/record', kycOf(landlordNo))).statusCode).toBe(403);
    // Only an admin names the officer; then the clerk may act, but not name anyone.
    expect((await post(clerk, '/aml/settings', { OfficerUserNo: clerk.userNo, OfficerName: 'Me', OfficerContact: '0700' })).statusCode).toBe(403);
    const named = await post(agency, '/aml/settings', {
      OfficerUserNo: clerk.userNo,
      OfficerName: 'Grace Achieng',
      OfficerContact: 'grace@example.com',
      FrcRegistrationNo: 'FRC/RE/0042',
      FrcRegisteredOn: '2025-11-10',
    });
    expect(named.statusCode, named.body).toBe(200);
    expect((await get(clerk, '/kyc/subjects')).statusCode).toBe(200);
    expect((await get(clerk, '/aml/settings')).json()).toMatchObject({ OfficerUserNo: clerk.userNo, FrcRegistrationNo: 'FRC/RE/0042' });
    const stranger = await signedInUser(app);
    expect((await post(agency, '/aml/settings', { OfficerUserNo: stranger.userNo, OfficerName: 'X', OfficerContact: 'y' })).statusCode).toBe(400);

    const other = await agencyWithOwner(app);
    expect((await get(other, '/kyc/subjects')).statusCode).toBe(404);
    const ownOther = await app.inject({ method: 'GET', url: `/api/kyc/record?managingAgentId=${other.agentId}&ClientNo=${landlordNo}`, headers: other.auth });
    expect(ownOther.statusCode).toBe(404);
    const landlord = await agencyWithOwner(app, landlordAccount);
    const own = await app.inject({ method: 'GET', url: `/api/kyc/subjects?managingAgentId=${landlord.agentId}`, headers: landlord.auth });
    expect(own.statusCode).toBe(403);
  });
});

describe('the threshold log and suspicions', () => {
  it('logs a receipt at or above the dated threshold as it is entered, and marks it', async () => {
    const thresholds = (await get(agency, '/aml/thresholds')).json();
    expect(thresholds[0]).toMatchObject({ FromDate: '2025-11-14', Usd: 15000, KshPerUsd: 129.3333, Ksh: 1939999.5, Own: false });
    expect((await pay(app, agency, tenancyId, '1,000,000', 'aml-small-receipt')).statusCode).toBe(200);
    const big = await pay(app, agency, tenancyId, '2,000,000', 'aml-big-receipt');
    expect(big.statusCode, big.body).toBe(200);
    const txnId = big.json().TransactionId as number;
    const logged = rowsOf<{ source_id: number }>(await app.database.db.execute(sql`SELECT source_id FROM aml_log WHERE agent_id = ${agency.agentId}`));
    expect(logged.map((r) => Number(r.source_id))).toEqual([txnId]);

    const log = (await get(agency, '/aml/log', '&from=2026-11-01&to=2026-11-30')).json();
    expect(log).toEqual([expect.objectContaining({ Source: 'receipt', SourceId: txnId, Amount: 2000000, Party: 'Acme Mutua', Method: 'Cash at office', Reference: expect.stringMatching(/^RCT-\d{6}$/), Status: 'open', LoggedAt: expect.any(String) })]);
    expect((await get(agency, '/aml/log', '&from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await post(agency, '/aml/log/review', { Source: 'receipt', SourceId: 1, Status: 'reviewed' })).statusCode).toBe(404);
    expect((await post(agency, '/aml/log/review', { Source: 'receipt', SourceId: txnId, Status: 'reported', Note: 'goAML CTR 77' })).statusCode).toBe(200);
    expect((await get(agency, '/aml/log', '&from=2026-11-01&to=2026-11-30')).json()[0]).toMatchObject({ Status: 'reported', StatusNote: 'goAML CTR 77' });

    // An agency's own threshold from a day on: the million now counts, computed from the journal though logged on no entry.
    expect((await post(agency, '/aml/thresholds', { FromDate: '2026-11-01', Usd: '5,000', KshPerUsd: 129 })).statusCode).toBe(200);
    const lower = (await get(agency, '/aml/log', '&from=2026-11-01&to=2026-11-30')).json();
    expect(lower.map((i: { Amount: number; LoggedAt: string | null }) => [i.Amount, i.LoggedAt === null])).toEqual(
      expect.arrayContaining([[2000000, false], [1000000, true]]),
    );
  });

  it('records a suspicion and prints its draft STR, marked as a draft for goAML', async () => {
    const bad = await post(agency, '/aml/suspicion', { SubjectName: 'Acme Traders Ltd', TransactionDetails: 'Cash', OccurredOn: '2026-11-20', Grounds: '' });
    expect(bad.statusCode).toBe(400);
    expect(await count('aml_suspicions')).toBe(0);
    const made = await post(agency, '/aml/suspicion', {
      ClientNo: tenantNo,
      SubjectName: 'Acme Traders Ltd',
      TransactionDetails: 'Two years of rent paid at once in cash',
      Amount: '2,000,000',
      OccurredOn: '2026-11-20',
      Grounds: 'Cash far above the business’s declared turnover',
    });
    expect(made.statusCode, made.body).toBe(200);
    const pdf = await get(agency, '/aml/suspicion.pdf', `&SuspicionId=${made.json().SuspicionId}`);
    expect(pdf.statusCode).toBe(200);
    const words = pdfWords(pdf.rawPayload);
    for (const expected of ['DRAFT', 'goAML', 'FRC/RE/0042', 'Acme Traders Ltd', 'P051234567Q', 'Ksh 2,000,000.00', 'declared turnover']) expect(words).toContain(expected);
    const other = await agencyWithOwner(app);
    const theirs = await app.inject({ method: 'GET', url: `/api/aml/suspicion.pdf?managingAgentId=${other.agentId}&SuspicionId=${made.json().SuspicionId}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
  });

  it('the database refuses changing or removing any of it within 7 years, and a person’s removal elsewhere cannot take it', async () => {
    const tries = [
      sql`DELETE FROM kyc_records`,
      sql`UPDATE kyc_records SET kra_pin = 'B123456789C'`,
      sql`DELETE FROM kyc_documents`,
      sql`DELETE FROM aml_log`,
      sql`UPDATE aml_log_reviews SET status = 'reviewed'`,
      sql`DELETE FROM aml_suspicions`,
      sql`DELETE FROM aml_thresholds`,
      sql`DELETE FROM aml_settings`,
      sql`TRUNCATE kyc_beneficial_owners`,
      sql`DELETE FROM clients WHERE client_no = ${tenantNo}`,
    ];
    for (const attempt of tries) {
      const outcome = await app.database.db.execute(attempt).then(
        () => 'allowed',
        (error: { cause?: { message?: string }; message?: string }) => error.cause?.message ?? error.message ?? 'refused',
      );
      expect(outcome, String(attempt.queryChunks?.[0] ?? '')).toMatch(/kept for 7 years|permission denied|violates foreign key|refused/);
    }
    expect(await count('kyc_records')).toBe(3);
  });
});
