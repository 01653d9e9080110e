import { ETIMS_MESSAGES, LANDLORD_MESSAGES, formatTransTime, vatRateOn, type EtimsErrorKey } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound, Upstream } from '../../errors';
import { backoffSeconds } from '../../jobs';
import type { Sealer } from '../stk/sealing';
import { OscuError, receiptCheckUrl, type OscuClient } from './oscu-client';
import * as repo from './repository';

type Log = { warn: (o: object, m: string) => void };

const PIN = /^[A-Z]\d{9}[A-Z]$/;
/** Longer than the client's timeout: a send still waiting on KRA keeps its claim. */
const LEASE_SECONDS = 120;

const money = (cents: number) => Math.round(cents) / 100;

/** KRA's result codes that a person must look at, each with its words on the queue screen. */
function errorKeyOf(error: OscuError): EtimsErrorKey {
  if (error.kind === 'unreachable') return 'unreachable';
  if (error.resultCd === '994') return 'overlapped';
  if (error.resultCd === '901') return 'deviceInvalid';
  if (error.resultCd === '910') return 'parameterError';
  return 'refused';
}

interface Line {
  name: string;
  /** VAT-inclusive, as KRA's examples total an item (taxblAmt = totAmt). */
  totalCents: number;
  taxCents: number;
  taxType: 'A' | 'B';
}

/**
 * A sale or a credit note as `saveTrnsSalesOsdc` takes it (KRA's OSCU
 * specification; field names from the open documentation, decision 060).
 * Services, not goods: one unit, item code and class of a service.
 */
export function saleRequest(p: {
  invoiceNo: number;
  originalInvoiceNo: number;
  trader: string;
  buyerTin: string | null;
  buyerName: string | null;
  creditNote: boolean;
  at: Date;
  lines: Line[];
  ratePercent: number;
}) {
  const stamp = formatTransTime(p.at);
  const by = (t: 'A' | 'B', f: (l: Line) => number) => p.lines.filter((l) => l.taxType === t).reduce((s, l) => s + f(l), 0);
  const total = p.lines.reduce((s, l) => s + l.totalCents, 0);
  const tax = p.lines.reduce((s, l) => s + l.taxCents, 0);
  return {
    trdInvcNo: p.trader.slice(0, 50),
    invcNo: p.invoiceNo,
    orgInvcNo: p.originalInvoiceNo,
    custTin: p.buyerTin,
    custNm: p.buyerName?.slice(0, 60) ?? null,
    salesTyCd: 'N',
    rcptTyCd: p.creditNote ? 'R' : 'S',
    pmtTyCd: '01',
    salesSttsCd: '02',
    cfmDt: stamp,
    salesDt: stamp.slice(0, 8),
    ...(p.creditNote ? { rfdDt: stamp, rfdRsnCd: '06' } : {}),
    totItemCnt: p.lines.length,
    taxblAmtA: money(by('A', (l) => l.totalCents)),
    taxblAmtB: money(by('B', (l) => l.totalCents)),
    taxblAmtC: 0,
    taxblAmtD: 0,
    taxblAmtE: 0,
    taxRtA: 0,
    taxRtB: p.ratePercent,
    taxRtC: 0,
    taxRtD: 0,
    taxRtE: 8,
    taxAmtA: 0,
    taxAmtB: money(by('B', (l) => l.taxCents)),
    taxAmtC: 0,
    taxAmtD: 0,
    taxAmtE: 0,
    totTaxblAmt: money(total),
    totTaxAmt: money(tax),
    totAmt: money(total),
    prchrAcptcYn: 'N',
    regrId: 'makazi',
    regrNm: 'Makazi',
    modrId: 'makazi',
    modrNm: 'Makazi',
    receipt: { custTin: p.buyerTin, rcptPbctDt: stamp, prchrAcptcYn: 'N' },
    itemList: p.lines.map((l, i) => ({
      itemSeq: i + 1,
      itemCd: 'KE3NTU0000001',
      itemClsCd: '80131500',
      itemNm: l.name.slice(0, 200),
      pkgUnitCd: 'NT',
      pkg: 1,
      qtyUnitCd: 'U',
      qty: 1,
      prc: money(l.totalCents),
      splyAmt: money(l.totalCents),
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: l.taxType,
      taxblAmt: money(l.totalCents),
      taxAmt: money(l.taxCents),
      totAmt: money(l.totalCents),
    })),
  };
}

/**
 * eTIMS through KRA's OSCU API (issue 36, decision 060): devices initialised
 * per PIN and branch with their key sealed; invoices written once with their
 * number, then sent by `sendDue` from the jobs engine, each exactly once.
 */
export function etimsService(deps: { db: Db; clock: Clock; oscu: OscuClient; sealer: Sealer | null; production: boolean; log: Log }) {
  const { db, clock, oscu } = deps;
  const sealer = () => {
    if (!deps.sealer) throw new Invalid(ETIMS_MESSAGES.notConfigured);
    return deps.sealer;
  };

  async function initialise(agentId: number, p: { LandlordNo: number | null; Tin: string; BhfId: string; DeviceSerial: string }) {
    const tin = p.Tin.trim().toUpperCase();
    const bhfId = p.BhfId.trim();
    const serial = p.DeviceSerial.trim();
    if (!PIN.test(tin)) throw new Invalid(ETIMS_MESSAGES.pinInvalid);
    if (!/^\d{2}$/.test(bhfId)) throw new Invalid(ETIMS_MESSAGES.branchInvalid);
    if (!serial || serial.length > 100) throw new Invalid(ETIMS_MESSAGES.serialRequired);
    if (p.LandlordNo !== null && !(await repo.ownLandlord(db, agentId, p.LandlordNo))) throw new NotFound(LANDLORD_MESSAGES.landlordNotFound);
    const seal = sealer();
    let answer;
    try {
      answer = await oscu.initialise({ tin, bhfId, deviceSerial: serial });
    } catch (error) {
      if (!(error instanceof OscuError)) throw error;
      deps.log.warn({ resultCd: error.resultCd, kind: error.kind }, 'eTIMS initialisation failed');
      throw new Upstream(error.kind === 'unreachable' ? ETIMS_MESSAGES.initUnreachable : ETIMS_MESSAGES.initRefused);
    }
    await repo.saveDevice(db, {
      agentId,
      landlordNo: p.LandlordNo,
      tin,
      bhfId,
      serial,
      sealedKey: seal.seal(answer.cmcKey),
      sdcId: answer.sdcId,
      mrcNo: answer.mrcNo,
      name: answer.taxpayerName,
      at: clock.now(),
    });
    return { message: ETIMS_MESSAGES.initialised, Tin: tin, BhfId: bhfId, TaxpayerName: answer.taxpayerName };
  }

  /** Writes the invoice and takes its number from the seller's device, in one transaction; once per source key. */
  async function queueOne(
    agentId: number,
    p: { sellerLandlordNo: number | null; kind: 'fee' | 'rent' | 'credit_note'; sourceKey: string; landlordNo: number | null; month: string; trader: string; buyerTin: string | null; buyerName: string | null; lines: Line[]; original: { invoiceId: number; invoiceNo: number } | null },
  ) {
    return db.transaction(async (tx) => {
      const device = await repo.lockSellerDevice(tx, agentId, p.sellerLandlordNo);
      if (!device) return 'noDevice' as const;
      if (await repo.invoiceBySource(tx, agentId, p.sourceKey)) return 'already' as const;
      const invoiceNo = await repo.takeInvoiceNo(tx, device.device_id);
      const at = clock.now();
      const request = saleRequest({
        invoiceNo,
        originalInvoiceNo: p.original?.invoiceNo ?? 0,
        trader: p.trader,
        buyerTin: p.buyerTin,
        buyerName: p.buyerName,
        creditNote: p.kind === 'credit_note',
        at,
        lines: p.lines,
        ratePercent: vatRateOn(p.month) / 100,
      });
      await repo.insertInvoice(tx, {
        agentId,
        deviceId: device.device_id,
        kind: p.kind,
        sourceKey: p.sourceKey,
        invoiceNo,
        originalInvoiceId: p.original?.invoiceId ?? null,
        landlordNo: p.landlordNo,
        buyerTin: p.buyerTin,
        buyerName: p.buyerName,
        month: p.month,
        totalCents: p.lines.reduce((s, l) => s + l.totalCents, 0),
        taxCents: p.lines.reduce((s, l) => s + l.taxCents, 0),
        request,
        at,
      });
      return 'queued' as const;
    });
  }

  return {
    initialise,

    async devices(agentId: number) {
      return (await repo.devices(db, agentId)).map((d) => ({
        DeviceId: Number(d.device_id),
        LandlordNo: d.landlord_no === null ? null : Number(d.landlord_no),
        Tin: d.tin,
        BhfId: d.bhf_id,
        DeviceSerial: d.device_serial,
        SdcId: d.sdc_id,
        TaxpayerName: d.taxpayer_name,
        InitialisedAt: d.initialised_at,
      }));
    },

    /**
     * The agency's fee invoice to each landlord for a month (`yyyy-mm`): the
     * commission and fixed fees booked in it, VAT 16% (tax type B) where the
     * agency charged VAT on them, exempt (A) otherwise. A landlord without a
     * KRA PIN is listed, not invoiced; a month queued twice queues nothing new.
     */
    async queueFeeInvoices(agentId: number, month: string) {
      const first = `${month}-01`;
      const fees = await repo.monthFees(db, agentId, first);
      let queued = 0;
      let already = 0;
      const withoutPin: { LandlordNo: number; Name: string }[] = [];
      for (const f of fees) {
        const net = Number(f.commission);
        const vat = Number(f.vat);
        if (net + vat <= 0) continue;
        if (!f.kra_pin) {
          withoutPin.push({ LandlordNo: Number(f.landlord_no), Name: f.full_name });
          continue;
        }
        const outcome = await queueOne(agentId, {
          sellerLandlordNo: null,
          kind: 'fee',
          sourceKey: `fee:${Number(f.landlord_no)}:${month}`,
          landlordNo: Number(f.landlord_no),
          month: first,
          trader: `FEE-${month}-${Number(f.landlord_no)}`,
          buyerTin: f.kra_pin,
          buyerName: f.full_name,
          lines: [{ name: `Management fees ${month}`, totalCents: net + vat, taxCents: vat, taxType: vat !== 0 ? 'B' : 'A' }],
          original: null,
        });
        if (outcome === 'noDevice') throw new Invalid(ETIMS_MESSAGES.noAgencyDevice);
        if (outcome === 'queued') queued++;
        else already++;
      }
      return { message: ETIMS_MESSAGES.feeInvoicesQueued, Queued: queued, AlreadyQueued: already, WithoutPin: withoutPin };
    },

    /**
     * Rent invoices for the month (`yyyy-mm`), issued from each landlord's own
     * device where the landlord is registered on eTIMS through the agency:
     * one per tenancy and use, residential rent exempt (A), commercial rent
     * 16% (B, the rent VAT-inclusive), the tenant's PIN as buyer when known.
     */
    async queueRentInvoices(agentId: number, month: string) {
      const first = `${month}-01`;
      const rate = vatRateOn(first);
      let queued = 0;
      let already = 0;
      for (const r of await repo.monthRent(db, agentId, first)) {
        const rent = Number(r.rent);
        if (rent <= 0) continue;
        const commercial = r.property_use === 'commercial';
        // The tax inside a VAT-inclusive rent: rent × rate / (1 + rate), to the cent.
        const tax = commercial ? Math.round((rent * rate) / (10_000 + rate)) : 0;
        const outcome = await queueOne(agentId, {
          sellerLandlordNo: Number(r.landlord_no),
          kind: 'rent',
          sourceKey: `rent:${Number(r.tenancy_id)}:${month}:${r.property_use}`,
          landlordNo: Number(r.landlord_no),
          month: first,
          trader: `RENT-${month}-${Number(r.tenancy_id)}`,
          buyerTin: r.tenant_pin,
          buyerName: r.tenant_name,
          lines: [{ name: `${commercial ? 'Commercial' : 'Residential'} rent ${month}`, totalCents: rent, taxCents: tax, taxType: commercial ? 'B' : 'A' }],
          original: null,
        });
        if (outcome === 'queued') queued++;
        else if (outcome === 'already') already++;
      }
      return { message: ETIMS_MESSAGES.rentInvoicesQueued, Queued: queued, AlreadyQueued: already };
    },

    /** A credit note for the whole of an invoice KRA accepted, pointing at it (orgInvcNo); one per invoice. */
    async creditNote(agentId: number, invoiceId: number) {
      const original = (await repo.invoices(db, agentId, invoiceId))[0];
      if (!original) throw new NotFound(ETIMS_MESSAGES.invoiceNotFound);
      if (original.status !== 'sent' || original.kind === 'credit_note') throw new Conflict(ETIMS_MESSAGES.notSent);
      const request = original.request as { itemList: { itemNm: string; taxTyCd: 'A' | 'B' }[] };
      const outcome = await queueOne(agentId, {
        sellerLandlordNo: original.kind === 'fee' ? null : (original.landlord_no as number | null),
        kind: 'credit_note',
        sourceKey: `credit:${invoiceId}`,
        landlordNo: original.landlord_no as number | null,
        month: String(original.month),
        trader: `CN-${invoiceId}`,
        buyerTin: original.buyer_tin as string | null,
        buyerName: original.buyer_name as string | null,
        lines: [
          {
            name: request.itemList[0]?.itemNm ?? '',
            totalCents: Number(original.total_cents),
            taxCents: Number(original.tax_cents),
            taxType: request.itemList[0]?.taxTyCd ?? 'A',
          },
        ],
        original: { invoiceId, invoiceNo: Number(original.invoice_no) },
      });
      if (outcome === 'already') throw new Conflict(ETIMS_MESSAGES.alreadyCredited);
      return { message: ETIMS_MESSAGES.creditQueued };
    },

    /**
     * Sends what is due, one invoice at a time, until nothing is: the jobs
     * engine's task. A send KRA did not answer is tried again with back-off
     * (never given up: KRA may be down for hours) under the same invoice
     * number; one KRA refused waits for a person. It never throws for one
     * invoice's trouble, so one bad invoice holds up no other; it stops at the
     * first KRA does not answer.
     */
    async sendDue() {
      let sent = 0;
      let troubled = 0;
      for (;;) {
        const now = clock.now();
        const job = await repo.claimDue(db, now, LEASE_SECONDS);
        if (!job) break;
        try {
          const cmcKey = sealer().open(job.cmc_key_sealed);
          const answer = await oscu.saveSale({ tin: job.tin, bhfId: job.bhf_id, cmcKey }, job.request);
          await repo.recordSent(db, {
            invoiceId: job.invoice_id,
            claimedUntil: job.claimed_until,
            receiptNo: answer.receiptNo,
            totalReceiptNo: answer.totalReceiptNo,
            internalData: answer.internalData,
            signature: answer.receiptSignature,
            sdcId: null,
            kraDateTime: answer.sdcDateTime,
            at: clock.now(),
          });
          sent++;
        } catch (error) {
          troubled++;
          const oscuError = error instanceof OscuError ? error : null;
          const errorKey = oscuError ? errorKeyOf(oscuError) : 'refused';
          const detail = oscuError ? [oscuError.resultCd, oscuError.message].filter(Boolean).join(' ') : String(error);
          const at = clock.now();
          await repo.recordTrouble(db, {
            invoiceId: job.invoice_id,
            claimedUntil: job.claimed_until,
            final: errorKey !== 'unreachable',
            errorKey,
            detail,
            retryAt: new Date(at.getTime() + backoffSeconds(job.attempts) * 1000),
          });
          deps.log.warn({ invoiceId: job.invoice_id, errorKey, attempts: job.attempts }, 'eTIMS send failed');
          // KRA is down: the rest wait for the next pass instead of each waiting out a timeout now.
          if (errorKey === 'unreachable') break;
        }
      }
      return { sent, troubled };
    },

    /** The queue screen: every invoice, its state, its trouble in plain words, and KRA's answer once there is one. */
    async queue(agentId: number) {
      return (await repo.invoices(db, agentId)).map((r) => ({
        InvoiceId: Number(r.invoice_id),
        Kind: r.kind as 'fee' | 'rent' | 'credit_note',
        InvoiceNo: Number(r.invoice_no),
        OriginalInvoiceId: r.original_invoice_id === null ? null : Number(r.original_invoice_id),
        LandlordNo: r.landlord_no === null ? null : Number(r.landlord_no),
        BuyerTin: r.buyer_tin as string | null,
        BuyerName: r.buyer_name as string | null,
        Month: String(r.month).slice(0, 7),
        Total: money(Number(r.total_cents)),
        Tax: money(Number(r.tax_cents)),
        Status: r.status as 'queued' | 'sent' | 'refused',
        Attempts: Number(r.attempts),
        NextTryAt: r.status === 'queued' ? String(r.next_try_at) : null,
        ErrorKey: (r.error_key as EtimsErrorKey | null) ?? null,
        ErrorDetail: (r.error_detail as string | null) ?? null,
        ReceiptNo: r.receipt_no === null ? null : Number(r.receipt_no),
        TotalReceiptNo: r.total_receipt_no === null ? null : Number(r.total_receipt_no),
        InternalData: r.internal_data as string | null,
        ReceiptSignature: r.receipt_signature as string | null,
        KraDateTime: r.kra_date_time as string | null,
        CheckUrl: r.receipt_signature ? receiptCheckUrl(deps.production, String(r.tin), String(r.bhf_id), String(r.receipt_signature)) : null,
      }));
    },
  };
}
export type EtimsService = ReturnType<typeof etimsService>;
