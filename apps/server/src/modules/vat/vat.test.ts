import { AGENT_MESSAGES, VAT_RATES, vatRateOn } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, type Agency } from '../../test/estate';
import { feeTransfers, transferFees } from '../../test/fee-transfers';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `vat-payment-${++seq}`;
const vatOf = (agency: Agency) => app.inject({ method: 'GET', url: `/api/agent/vat?managingAgentId=${agency.agentId}`, headers: agency.auth });
const saveVat = (agency: Agency, fields: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/agent/vat', headers: agency.auth, payload: { managingAgentId: agency.agentId, ...fields } });
const statement = (agency: Agency, landlordNo: number, month: string, format = '') =>
  app.inject({
    method: 'GET',
    url: `/api/landlord-money/owner-statement${format}?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}&month=${month}`,
    headers: agency.auth,
  });
const report = (agency: Agency, month: string, csv = false) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/vat${csv ? '.csv' : ''}?managingAgentId=${agency.agentId}&month=${month}`, headers: agency.auth });

describe('the VAT rate', () => {
  it('is read from a dated table: 16% from 2013, nothing before the first entry', () => {
    expect(VAT_RATES[0]).toMatchObject({ from: '2013-09-02' });
    expect(vatRateOn('2026-06-10')).toBe(1600);
    expect(vatRateOn('2000-01-01')).toBe(0);
  });
});

describe('an agency registered for VAT (decision 054)', () => {
  it('keeps its VAT PIN and the day it applies from; refuses a PIN KRA would not issue, and a PIN without a day; nothing changes', async () => {
    const agency = await agencyWithOwner(app);
    expect((await vatOf(agency)).json()).toEqual({ VatPin: null, VatFrom: null });
    for (const [fields, message] of [
      [{ VatPin: 'A12345678B', VatFrom: '2026-06-01' }, AGENT_MESSAGES.vatPinInvalid],
      [{ VatPin: 'P051234567Q', VatFrom: '' }, AGENT_MESSAGES.vatFromWithPin],
      [{ VatPin: '', VatFrom: '2026-06-01' }, AGENT_MESSAGES.vatFromWithPin],
    ] as const) {
      const res = await saveVat(agency, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await vatOf(agency)).json()).toEqual({ VatPin: null, VatFrom: null });
    const saved = await saveVat(agency, { VatPin: 'p051234567q', VatFrom: '2026-06-01' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: AGENT_MESSAGES.vatSaved, VatPin: 'P051234567Q', VatFrom: '2026-06-01' });
    expect((await vatOf(agency)).json()).toEqual({ VatPin: 'P051234567Q', VatFrom: '2026-06-01' });
    // Not registered any more: both cleared.
    expect((await saveVat(agency, { VatPin: '', VatFrom: '' })).json()).toMatchObject({ VatPin: null, VatFrom: null });
  });

  it('is set for the caller’s own agency only', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    // Another agency's settings are not found, as any of its records.
    expect((await app.inject({ method: 'GET', url: `/api/agent/vat?managingAgentId=${other.agentId}`, headers: agency.auth })).statusCode).toBe(404);
    const res = await app.inject({ method: 'POST', url: '/api/agent/vat', headers: agency.auth, payload: { managingAgentId: other.agentId, VatPin: 'P051234567Q', VatFrom: '2026-06-01' } });
    expect(res.statusCode).toBe(404);
    expect((await vatOf(other)).json()).toEqual({ VatPin: null, VatFrom: null });
  });

  it('charges the landlord 16% VAT on commission from its day on, owed to KRA apart from the commission; reversed as booked; moved out with the fees', async () => {
    clock.set(new Date('2026-06-10T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 2, rent: '20,000', deposit: '0' });
    await setAgreement(app, agency, propId, { CommissionPercent: '10.00' });
    const first = await bookOk(app, agency, houseIds[0]!, await tenant());
    const second = await bookOk(app, agency, houseIds[1]!, await tenant());
    // Before the registration's day: commission alone.
    await pay(app, agency, first, '20,000', key());
    expect((await saveVat(agency, { VatPin: 'P051234567Q', VatFrom: '2026-06-11' })).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 2000, Vat: 0, Balance: 18000 })]);

    clock.set(new Date('2026-06-11T09:00:00Z'));
    agency = await signInAgain(app, agency);
    const paid = (await pay(app, agency, second, '20,000', 'vat-payment-second')).json().TransactionId as number;
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 40000, Commission: 4000, Vat: 320, Balance: 35680 })]);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 4000, VatPayable: 320, OwedToLandlords: 35680, Difference: 0 });

    const june = (await statement(agency, landlordNo, '2026-06')).json();
    expect(june).toMatchObject({ Collected: 40000, Commission: 4000, Vat: 320, ClosingBalance: 35680, VatPin: 'P051234567Q' });
    const csv = (await statement(agency, landlordNo, '2026-06', '.csv')).body;
    expect(csv).toMatch(/VAT on commission/);
    expect(csv).toMatch(/-320\.00|320\.00/);
    const emailed = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/owner-statement/email',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
    });
    expect(emailed.statusCode, emailed.body).toBe(200);
    const mail = rowsOf<{ body: string }>(
      await app.database.db.execute(sql`SELECT body FROM mail_outbox WHERE subject LIKE '%owner statement for June 2026' ORDER BY id DESC LIMIT 1`),
    )[0]!;
    expect(mail.body).toContain('commission: Ksh 4,000.00; VAT on commission: Ksh 320.00;');

    const vat = (await report(agency, '2026-06')).json();
    expect(vat).toMatchObject({ Month: '2026-06', VatPin: 'P051234567Q', Commission: 2000, Vat: 320 });
    expect(vat.Lines).toEqual([expect.objectContaining({ Date: '2026-06-11', LandlordNo: landlordNo, Commission: 2000, Vat: 320 })]);
    const reportCsv = await report(agency, '2026-06', true);
    expect(reportCsv.statusCode).toBe(200);
    expect(reportCsv.headers['content-type']).toMatch(/text\/csv/);
    const rows = reportCsv.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe('Date,Landlord,Reference,Commission net (Ksh),VAT (Ksh)');
    expect(rows[1]).toMatch(/^2026-06-11,.*,2000\.00,320\.00$/);

    // The agency takes commission and the VAT on it out together: it pays KRA from its office account.
    expect((await transferFees(app, agency, '4,320', key())).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 0, VatPayable: 0, Difference: 0 });
    expect((await feeTransfers(app, agency))[0]).toMatchObject({ Amount: 4320 });

    // A reversed receipt reverses its VAT as booked, whatever the registration says now.
    expect((await saveVat(agency, { VatPin: '', VatFrom: '' })).statusCode).toBe(200);
    expect((await reverse(app, agency, paid)).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Collected: 20000, Commission: 2000, Vat: 0, Balance: 18000 })]);
    expect(await trustOf(app, agency)).toMatchObject({ VatPayable: -320, Difference: 0 });
    const after = (await report(agency, '2026-06')).json();
    expect(after).toMatchObject({ Commission: 0, Vat: 0 });
    expect(after.Lines).toHaveLength(2);

    // The fixed fee carries VAT too, at the month's first day.
    expect((await saveVat(agency, { VatPin: 'P051234567Q', VatFrom: '2026-06-01' })).statusCode).toBe(200);
    await setAgreement(app, agency, propId, { EffectiveFrom: '2026-07-01', CommissionPercent: '0', FixedFee: '1,000' });
    clock.set(new Date('2026-07-01T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    expect((await report(agency, '2026-07')).json()).toMatchObject({ Commission: 1000, Vat: 160 });
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });
  });

  it('moves the VAT with the commission when an agreement from a past day re-splits the month (decision 041)', async () => {
    clock.set(new Date('2026-06-10T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    expect((await saveVat(agency, { VatPin: 'P051234567Q', VatFrom: '2026-06-01' })).statusCode).toBe(200);
    await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', CommissionPercent: '10.00' });
    await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 2000, Vat: 320, Balance: 17680 })]);

    // The month's commission becomes 8%: commission 1,600 and VAT on it 256, the landlord 18,144.
    clock.set(new Date('2026-06-12T09:00:00Z'));
    agency = await signInAgain(app, agency);
    const saved = await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', CommissionPercent: '8.00' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 1600, Vat: 256, Balance: 18144 })]);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 1600, VatPayable: 256, OwedToLandlords: 18144, Difference: 0 });
    expect((await report(agency, '2026-06')).json()).toMatchObject({ Commission: 1600, Vat: 256 });
    // Saved again, nothing more moves.
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-01', CommissionPercent: '8.00' })).statusCode).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 1600, Vat: 256, Balance: 18144 })]);
  });

  it('is no VAT at all for an agency not registered: no line, nothing owed to KRA', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    await setAgreement(app, agency, propId, { CommissionPercent: '10.00' });
    const paid = await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await landlordBalances(app, agency)).toEqual([expect.objectContaining({ Commission: 2000, Vat: 0, Balance: 18000 })]);
    expect((await statement(agency, landlordNo, '2026-06')).json()).toMatchObject({ Vat: 0, VatPin: null });
    expect((await statement(agency, landlordNo, '2026-06', '.csv')).body).not.toMatch(/VAT/);
    expect((await report(agency, '2026-06')).json()).toMatchObject({ VatPin: null, Lines: [], Vat: 0 });
  });

  it('is reported for the caller’s own agency only, of a real month', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    expect((await app.inject({ method: 'GET', url: `/api/landlord-money/vat?managingAgentId=${other.agentId}&month=2026-06`, headers: agency.auth })).statusCode).toBe(404);
    expect((await report(agency, '2026-13')).statusCode).toBe(400);
  });
});
