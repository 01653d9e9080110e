import { ETIMS_MESSAGES } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { fakeOscu } from '../../test/fake-oscu';
import { setAgreement } from '../../test/landlord';
import { sealer } from '../stk/sealing';
import { oscuClient } from './oscu-client';
import { etimsService } from './service';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
const key = randomBytes(32);
const quiet = { warn: () => undefined };
let app: FastifyInstance;
let kra: Awaited<ReturnType<typeof fakeOscu>>;
let seq = 0;

beforeAll(async () => {
  kra = await fakeOscu();
  app = await createTestApp({}, { clock });
});
afterAll(async () => {
  await app.close();
  await kra.close();
});
afterEach(() => kra.setMode('ok'));

/** A process's eTIMS service: its own client (a short timeout, so a hanging KRA is given up on quickly). */
const service = (timeoutMs = 500) =>
  etimsService({ db: app.database.db, clock, oscu: oscuClient(kra.baseUrl, { timeoutMs }), sealer: sealer(key), production: false, log: quiet });

const pin = () => `P${String(100000000 + ++seq).slice(-9)}Q`;

/** An agency with a landlord whose month of June earned it 2,000 commission (and 320 VAT when registered). */
async function month(options: { vat: boolean }) {
  clock.set(new Date('2026-06-10T09:00:00Z'));
  let agency: Agency = await agencyWithOwner(app);
  if (options.vat)
    await app.inject({ method: 'POST', url: '/api/agent/vat', headers: agency.auth, payload: { managingAgentId: agency.agentId, VatPin: 'P051234567Q', VatFrom: '2026-06-01' } });
  agency = await signInAgain(app, agency);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  await setAgreement(app, agency, propId, { CommissionPercent: '10.00' });
  const tenancy = await bookOk(app, agency, houseIds[0]!, await tenant());
  await pay(app, agency, tenancy, '20,000', `etims-payment-${++seq}`);
  const landlordPin = pin();
  const saved = await app.inject({ method: 'POST', url: '/api/landlord-money/kra-pin', headers: agency.auth, payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: landlordPin } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { agency, landlordNo, landlordPin };
}

async function withDevice(options: { vat: boolean }) {
  const m = await month(options);
  const agencyPin = pin();
  await service().initialise(m.agency.agentId, { LandlordNo: null, Tin: agencyPin, BhfId: '00', DeviceSerial: `dvc-${seq}` });
  return { ...m, agencyPin };
}

const salesOf = (tin: string) => kra.sales().filter((s) => s.tin === tin);

describe('initialising an eTIMS device (selectInitOsdcInfo)', () => {
  it('keeps the communication key sealed: never in the database in clear, never in an answer', async () => {
    const { agency } = await month({ vat: false });
    const tin = pin();
    const answer = await service().initialise(agency.agentId, { LandlordNo: null, Tin: tin.toLowerCase(), BhfId: '00', DeviceSerial: 'dvc-seal' });
    expect(answer).toMatchObject({ message: ETIMS_MESSAGES.initialised, Tin: tin, BhfId: '00' });
    expect(JSON.stringify(answer)).not.toMatch(/cmc/i);
    const stored = rowsOf<{ cmc_key_sealed: string }>(await app.database.db.execute(sql`SELECT cmc_key_sealed FROM etims_devices WHERE tin = ${tin}`))[0]!;
    expect(stored.cmc_key_sealed).toMatch(/^v1\./);
    expect(stored.cmc_key_sealed).not.toMatch(/cmc0/);
    expect(sealer(key).open(stored.cmc_key_sealed)).toMatch(/^cmc0+\d+$/);
    const devices = await service().devices(agency.agentId);
    expect(devices).toEqual([expect.objectContaining({ Tin: tin, BhfId: '00', LandlordNo: null, SdcId: 'KRACU013000001' })]);
    expect(JSON.stringify(devices)).not.toMatch(/cmc/i);
  });

  it('refuses a PIN, branch or serial KRA would not take, and says when KRA refuses or cannot be reached; nothing is saved', async () => {
    const { agency } = await month({ vat: false });
    const s = service();
    for (const [fields, message] of [
      [{ Tin: 'A12345678B', BhfId: '00', DeviceSerial: 'x' }, ETIMS_MESSAGES.pinInvalid],
      [{ Tin: pin(), BhfId: '0', DeviceSerial: 'x' }, ETIMS_MESSAGES.branchInvalid],
      [{ Tin: pin(), BhfId: '00', DeviceSerial: ' ' }, ETIMS_MESSAGES.serialRequired],
    ] as const)
      await expect(s.initialise(agency.agentId, { LandlordNo: null, ...fields })).rejects.toThrow(message);
    kra.setMode('refuse');
    await expect(s.initialise(agency.agentId, { LandlordNo: null, Tin: pin(), BhfId: '00', DeviceSerial: 'x' })).rejects.toThrow(ETIMS_MESSAGES.initUnreachable);
    kra.setMode({ resultCd: '901', resultMsg: 'It is not valid device' });
    await expect(s.initialise(agency.agentId, { LandlordNo: null, Tin: pin(), BhfId: '00', DeviceSerial: 'x' })).rejects.toThrow(ETIMS_MESSAGES.initRefused);
    expect(await s.devices(agency.agentId)).toEqual([]);
    const unsealed = etimsService({ db: app.database.db, clock, oscu: oscuClient(kra.baseUrl), sealer: null, production: false, log: quiet });
    kra.setMode('ok');
    await expect(unsealed.initialise(agency.agentId, { LandlordNo: null, Tin: pin(), BhfId: '00', DeviceSerial: 'x' })).rejects.toThrow(ETIMS_MESSAGES.notConfigured);
  });
});

describe('the agency’s fee invoice to each landlord (saveTrnsSalesOsdc)', () => {
  it('a VAT-registered agency: the month’s commission with 16% VAT, tax type B, the landlord’s PIN as buyer; KRA’s answer kept with it', async () => {
    const { agency, landlordNo, landlordPin, agencyPin } = await withDevice({ vat: true });
    const s = service();
    expect(await s.queueFeeInvoices(agency.agentId, '2026-06')).toEqual({ message: ETIMS_MESSAGES.feeInvoicesQueued, Queued: 1, AlreadyQueued: 0, WithoutPin: [] });
    expect(await s.sendDue()).toMatchObject({ sent: 1 });
    const [sale] = salesOf(agencyPin);
    expect(sale!.cmcKey).toMatch(/^cmc/);
    expect(sale!.body).toMatchObject({
      invcNo: 1,
      orgInvcNo: 0,
      custTin: landlordPin,
      rcptTyCd: 'S',
      salesTyCd: 'N',
      taxblAmtB: 2320,
      taxAmtB: 320,
      taxRtB: 16,
      totAmt: 2320,
      totTaxAmt: 320,
    });
    expect((sale!.body.itemList as { taxTyCd: string }[])[0]).toMatchObject({ taxTyCd: 'B', taxblAmt: 2320, taxAmt: 320 });
    expect(String(sale!.body.cfmDt)).toMatch(/^20260610\d{6}$/);
    const [invoice] = await s.queue(agency.agentId);
    expect(invoice).toMatchObject({
      Kind: 'fee',
      LandlordNo: landlordNo,
      BuyerTin: landlordPin,
      Status: 'sent',
      InvoiceNo: 1,
      Total: 2320,
      Tax: 320,
      ReceiptSignature: expect.stringMatching(/^FAKESIGN/),
      InternalData: expect.stringMatching(/^FAKEINTRLDATA/),
      ErrorKey: null,
    });
    expect(invoice!.CheckUrl).toBe(
      `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${agencyPin}00${invoice!.ReceiptSignature}`,
    );
  });

  it('an agency not registered for VAT: exempt (A), no tax; a landlord without a PIN is listed, not invoiced', async () => {
    const { agency, agencyPin, landlordNo } = await withDevice({ vat: false });
    await app.database.db.execute(sql`DELETE FROM landlord_tax_details WHERE client_no = ${landlordNo}`);
    const s = service();
    expect(await s.queueFeeInvoices(agency.agentId, '2026-06')).toEqual({ message: ETIMS_MESSAGES.feeInvoicesQueued, Queued: 0, AlreadyQueued: 0, WithoutPin: [expect.objectContaining({ LandlordNo: landlordNo })] });
    await app.database.db.execute(sql`INSERT INTO landlord_tax_details (client_no, agent_id, kra_pin, updated_at) VALUES (${landlordNo}, ${agency.agentId}, ${pin()}, now())`);
    expect(await s.queueFeeInvoices(agency.agentId, '2026-06')).toMatchObject({ Queued: 1 });
    await s.sendDue();
    expect(salesOf(agencyPin)[0]!.body).toMatchObject({ taxblAmtA: 2000, taxblAmtB: 0, taxAmtB: 0, totTaxAmt: 0, totAmt: 2000 });
  });

  it('needs the agency’s own device first', async () => {
    const { agency } = await month({ vat: false });
    await expect(service().queueFeeInvoices(agency.agentId, '2026-06')).rejects.toThrow(ETIMS_MESSAGES.noAgencyDevice);
  });

  it('reaches KRA exactly once: queued twice, sent by two processes, across an outage of hours with back-off, and a KRA that answers twice', async () => {
    const { agency, agencyPin } = await withDevice({ vat: true });
    const first = service();
    const second = service();
    await first.queueFeeInvoices(agency.agentId, '2026-06');
    expect(await second.queueFeeInvoices(agency.agentId, '2026-06')).toEqual({ message: ETIMS_MESSAGES.feeInvoicesQueued, Queued: 0, AlreadyQueued: 1, WithoutPin: [] });

    // KRA refuses connections: the invoice waits, tried again later and later.
    kra.setMode('refuse');
    expect(await first.sendDue()).toEqual({ sent: 0, troubled: 1 });
    let [row] = await first.queue(agency.agentId);
    expect(row).toMatchObject({ Status: 'queued', Attempts: 1, ErrorKey: 'unreachable' });
    expect(ETIMS_MESSAGES[row!.ErrorKey!]).toMatch(/tried again by itself/);
    // Not due yet: nobody sends it.
    expect(await second.sendDue()).toEqual({ sent: 0, troubled: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      clock.set(new Date(Date.parse(row!.NextTryAt!) + 1000));
      kra.setMode(i % 2 ? 'down' : 'hang');
      const before = clock.now().getTime();
      await (i % 2 ? first : second).sendDue();
      [row] = await first.queue(agency.agentId);
      waits.push((Date.parse(row!.NextTryAt!) - before) / 1000);
    }
    expect(row).toMatchObject({ Status: 'queued', Attempts: 11, ErrorKey: 'unreachable' });
    // 20 s, 40 s, … then at most an hour between tries: hours of outage, never given up.
    expect(waits[0]).toBeLessThan(30);
    expect(waits.at(-1)).toBeGreaterThan(3500);
    expect(waits.at(-1)).toBeLessThan(3700);
    expect(salesOf(agencyPin)).toHaveLength(0);

    // KRA is back, and answers a repeated invoice number again rather than refusing it: still one invoice, one answer kept.
    kra.setMode('ok', { answerRepeats: true });
    clock.set(new Date(Date.parse(row!.NextTryAt!) + 1000));
    const [a, b] = await Promise.all([first.sendDue(), second.sendDue()]);
    expect(a.sent + b.sent).toBe(1);
    expect(kra.requests.filter((r) => r.tin === agencyPin && r.body.invcNo === 1).length).toBe(12);
    expect(salesOf(agencyPin)).toHaveLength(1);
    expect(await first.sendDue()).toEqual({ sent: 0, troubled: 0 });
    [row] = await first.queue(agency.agentId);
    expect(row).toMatchObject({ Status: 'sent', InvoiceNo: 1, ReceiptNo: expect.any(Number) });
  });

  it('a send whose answer was lost is sent again under the same number; KRA’s “overlapped data” waits for a person in plain words', async () => {
    const { agency, agencyPin } = await withDevice({ vat: true });
    const s = service(300);
    await s.queueFeeInvoices(agency.agentId, '2026-06');
    kra.setMode('hang', { recordBeforeFailing: true });
    await s.sendDue();
    kra.setMode('ok');
    let [row] = await s.queue(agency.agentId);
    clock.set(new Date(Date.parse(row!.NextTryAt!) + 1000));
    await s.sendDue();
    [row] = await s.queue(agency.agentId);
    expect(salesOf(agencyPin)).toHaveLength(1);
    expect(kra.requests.filter((r) => r.tin === agencyPin).map((r) => r.body.invcNo)).toEqual([1, 1]);
    expect(row).toMatchObject({ Status: 'refused', ErrorKey: 'overlapped', ErrorDetail: expect.stringMatching(/^994/) });
    // Refused invoices are not tried again.
    clock.set(new Date(clock.now().getTime() + 86_400_000));
    expect(await s.sendDue()).toEqual({ sent: 0, troubled: 0 });
  });

  it('a parameter error from KRA is kept with KRA’s words and not retried', async () => {
    const { agency } = await withDevice({ vat: false });
    const s = service();
    await s.queueFeeInvoices(agency.agentId, '2026-06');
    kra.setMode({ resultCd: '910', resultMsg: 'Request parameter error' });
    await s.sendDue();
    const [row] = await s.queue(agency.agentId);
    expect(row).toMatchObject({ Status: 'refused', ErrorKey: 'parameterError', ErrorDetail: '910 Request parameter error' });
  });
});

describe('rent invoices issued for a landlord’s PIN', () => {
  it('from the landlord’s own device: commercial rent 16% (B) with the tenant’s PIN, residential exempt (A); once per tenancy and month', async () => {
    clock.set(new Date('2026-06-10T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    const commercial = await estate(app, agency, { houses: 1, rent: '58,000', deposit: '0' });
    await setAgreement(app, agency, commercial.propId, { CommissionPercent: '10.00', PropertyUse: 'commercial' });
    const shop = await bookOk(app, agency, commercial.houseIds[0]!, await commercial.tenant());
    const tenantPin = pin();
    await app.database.db.execute(sql`UPDATE clients SET kra_pin = ${tenantPin} WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${shop})`);
    await pay(app, agency, shop, '58,000', `etims-payment-${++seq}`);
    const residential = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    await setAgreement(app, agency, residential.propId, { CommissionPercent: '10.00' });
    await pay(app, agency, await bookOk(app, agency, residential.houseIds[0]!, await residential.tenant()), '20,000', `etims-payment-${++seq}`);

    const s = service();
    // No landlord is registered on eTIMS through the agency yet: nothing to issue.
    expect(await s.queueRentInvoices(agency.agentId, '2026-06')).toMatchObject({ Queued: 0 });
    const shopLandlordPin = pin();
    const homeLandlordPin = pin();
    await s.initialise(agency.agentId, { LandlordNo: commercial.landlordNo, Tin: shopLandlordPin, BhfId: '00', DeviceSerial: `dvc-${seq}-c` });
    await s.initialise(agency.agentId, { LandlordNo: residential.landlordNo, Tin: homeLandlordPin, BhfId: '00', DeviceSerial: `dvc-${seq}-r` });
    expect(await s.queueRentInvoices(agency.agentId, '2026-06')).toMatchObject({ Queued: 2, AlreadyQueued: 0 });
    expect(await s.queueRentInvoices(agency.agentId, '2026-06')).toMatchObject({ Queued: 0, AlreadyQueued: 2 });
    await s.sendDue();
    expect(salesOf(shopLandlordPin).map((x) => x.body)).toEqual([
      expect.objectContaining({ invcNo: 1, custTin: tenantPin, taxblAmtB: 58000, taxAmtB: 8000, totAmt: 58000, taxblAmtA: 0 }),
    ]);
    expect(salesOf(homeLandlordPin).map((x) => x.body)).toEqual([
      expect.objectContaining({ invcNo: 1, custTin: null, taxblAmtA: 20000, taxblAmtB: 0, totTaxAmt: 0, totAmt: 20000 }),
    ]);
    expect((await s.queue(agency.agentId)).filter((i) => i.Kind === 'rent').map((i) => i.Status)).toEqual(['sent', 'sent']);
  });
});

describe('credit notes', () => {
  it('reverse a sent invoice in full, pointing at it (orgInvcNo, receipt type R); once', async () => {
    const { agency, agencyPin } = await withDevice({ vat: true });
    const s = service();
    await s.queueFeeInvoices(agency.agentId, '2026-06');
    const [pending] = await s.queue(agency.agentId);
    await expect(s.creditNote(agency.agentId, pending!.InvoiceId)).rejects.toThrow(ETIMS_MESSAGES.notSent);
    await s.sendDue();
    expect(await s.creditNote(agency.agentId, pending!.InvoiceId)).toEqual({ message: ETIMS_MESSAGES.creditQueued });
    await expect(s.creditNote(agency.agentId, pending!.InvoiceId)).rejects.toThrow(ETIMS_MESSAGES.alreadyCredited);
    await s.sendDue();
    const credit = salesOf(agencyPin).find((x) => x.body.rcptTyCd === 'R')!;
    expect(credit.body).toMatchObject({ invcNo: 2, orgInvcNo: 1, rfdRsnCd: '06', totAmt: 2320, taxAmtB: 320 });
    const [note] = await s.queue(agency.agentId);
    expect(note).toMatchObject({ Kind: 'credit_note', OriginalInvoiceId: pending!.InvoiceId, Status: 'sent' });
    // Another agency's invoice is not found.
    const other = await agencyWithOwner(app);
    await expect(s.creditNote(other.agentId, pending!.InvoiceId)).rejects.toThrow(ETIMS_MESSAGES.invoiceNotFound);
  });
});

describe('the eTIMS routes', () => {
  it('an administrator initialises the agency’s device, queues the month, reads the queue; the key is never in an answer or a log line; another agency sees none of it', async () => {
    const lines: string[] = [];
    const routed = await createTestApp(
      { daraja: { baseUrl: 'http://127.0.0.1:9', secretsKey: key }, etims: { baseUrl: kra.baseUrl } },
      { clock, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      clock.set(new Date('2026-06-10T09:00:00Z'));
      const agency = await agencyWithOwner(routed);
      const { propId, houseIds, tenant, landlordNo } = await estate(routed, agency, { houses: 1, rent: '20,000', deposit: '0' });
      await setAgreement(routed, agency, propId, { CommissionPercent: '10.00' });
      await pay(routed, agency, await bookOk(routed, agency, houseIds[0]!, await tenant()), '20,000', `etims-payment-${++seq}`);
      await routed.inject({ method: 'POST', url: '/api/landlord-money/kra-pin', headers: agency.auth, payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: pin() } });
      const post = (url: string, payload: object, who = agency) =>
        routed.inject({ method: 'POST', url: `/api/etims/${url}`, headers: who.auth, payload: { managingAgentId: who.agentId, ...payload } });
      const get = (url: string, who = agency) => routed.inject({ method: 'GET', url: `/api/etims/${url}?managingAgentId=${who.agentId}`, headers: who.auth });

      const bad = await post('devices', { Tin: 'A1B', BhfId: '00', DeviceSerial: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(ETIMS_MESSAGES.pinInvalid);
      expect((await post('fee-invoices', { Month: '2026-06' })).json().message).toBe(ETIMS_MESSAGES.noAgencyDevice);
      const tin = pin();
      const init = await post('devices', { Tin: tin, BhfId: '00', DeviceSerial: 'dvc-routes' });
      expect(init.statusCode, init.body).toBe(200);
      const otherLandlord = await post('devices', { LandlordNo: 999999, Tin: pin(), BhfId: '00', DeviceSerial: 'x' });
      expect(otherLandlord.statusCode).toBe(404);
      const queued = await post('fee-invoices', { Month: '2026-06' });
      expect(queued.json()).toMatchObject({ message: ETIMS_MESSAGES.feeInvoicesQueued, Queued: 1 });
      // The request only wrote the invoice: the jobs engine's task sends it.
      expect((await get('invoices')).json()).toEqual([expect.objectContaining({ Status: 'queued', Attempts: 0 })]);
      await routed.services.etims.sendDue();
      const [sent] = (await get('invoices')).json() as { Status: string; CheckUrl: string }[];
      expect(sent).toMatchObject({ Status: 'sent', CheckUrl: expect.stringContaining(`Data=${tin}00FAKESIGN`) });

      const cmcKey = kra.sales().find((s) => s.tin === tin)!.cmcKey!;
      expect((await get('devices')).body).not.toContain(cmcKey);
      expect((await get('invoices')).body).not.toContain(cmcKey);
      expect(lines.join('\n')).not.toContain(cmcKey);

      const other = await agencyWithOwner(routed);
      expect((await get('invoices', other)).json()).toEqual([]);
      expect((await get('devices', other)).json()).toEqual([]);
      const theirs = await routed.inject({ method: 'GET', url: `/api/etims/invoices?managingAgentId=${agency.agentId}`, headers: other.auth });
      expect(theirs.statusCode).toBe(404);
    } finally {
      await routed.close();
    }
  });
});
