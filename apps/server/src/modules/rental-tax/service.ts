import { findRegistration } from '../agents/repository';
import type { AuditService } from '../audit/service';
import {
  ANSWER_MESSAGES,
  CLOSED_MONTH_MESSAGES,
  accountingDate,
  accountingMonth,
  centsToAmount,
  englishMessage,
  formatKsh,
  formatPercent,
  monthBounds,
  mriDueDate,
  shareOf,
  toCsv,
  type CsvColumn,
  type KraPaymentRequest,
  type MriAmendment,
  type MriLine,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { agencyName, landlordLanguage, landlordOfAgent, lockLandlord, postLandlordTxn } from '../landlord-money/journal';
import { closedThrough, keepPaper, paperOf } from '../landlord-money/months';
import { closeLandlordMonth } from '../owner-statements/service';
import { withholdingCertificatePdf } from './certificate-pdf';
import { rentalTaxPack } from './pack';
import * as repo from './repository';

type PaymentInput = z.output<typeof KraPaymentRequest>;
type Figures = Awaited<ReturnType<typeof repo.monthFigures>>[number];
type Totals = Awaited<ReturnType<typeof repo.amendingTotals>>[number];
type AmendmentPayment = Awaited<ReturnType<typeof repo.amendmentPayments>>[number];
/** A certificate as issued: its figures and the day it is dated by (landlord_papers, decision 050). */
interface KeptCertificate {
  Line: MriLine & { Amendment: number | null };
  IssuedAt: string;
}

/** A closed month's paid amendments, and what was posted on it since that no amendment has paid. */
function amendmentsOf(totals: Totals | undefined, payments: readonly AmendmentPayment[]) {
  const paid: MriAmendment[] = payments.map((p) => ({
    No: p.no,
    GrossRent: centsToAmount(p.gross),
    Withheld: centsToAmount(p.amount),
    PaidToKra: centsToAmount(p.amount),
    PaidOn: p.paidOn,
    Reference: p.reference,
  }));
  return {
    paid,
    gross: (totals?.gross ?? 0) - payments.reduce((sum, p) => sum + p.gross, 0),
    withheld: (totals?.withheld ?? 0) - payments.reduce((sum, p) => sum + p.amount, 0),
  };
}

const REPORT_COLUMNS: CsvColumn<MriLine>[] = [
  { header: 'Landlord', kind: 'text', value: (l) => l.Landlord_name },
  { header: 'KRA PIN', kind: 'text', value: (l) => l.KraPin ?? '' },
  { header: 'Month', kind: 'text', value: (l) => l.Month },
  { header: 'Gross residential rent (Ksh)', kind: 'money', value: (l) => Math.round(l.GrossRent * 100) },
  { header: 'Rate (%)', kind: 'text', value: (l) => l.RatePercent },
  { header: 'MRI (Ksh)', kind: 'money', value: (l) => Math.round(l.Tax * 100) },
  { header: 'Withheld by the agency (Ksh)', kind: 'money', value: (l) => Math.round(l.Withheld * 100) },
  { header: 'Paid to KRA (Ksh)', kind: 'money', value: (l) => Math.round(l.PaidToKra * 100) },
  { header: 'Due by', kind: 'date', value: (l) => l.DueBy },
];

/** The filing sheet: only what the agency withheld, as KRA's withholding return asks for it. */
const FILING_COLUMNS: CsvColumn<MriLine>[] = [
  { header: 'Landlord', kind: 'text', value: (l) => l.Landlord_name },
  { header: 'KRA PIN', kind: 'text', value: (l) => l.KraPin ?? '' },
  { header: 'Gross rent (Ksh)', kind: 'money', value: (l) => Math.round(l.GrossRent * 100) },
  { header: 'Tax withheld (Ksh)', kind: 'money', value: (l) => Math.round(l.Withheld * 100) },
];

export function rentalTaxService({ db, clock, audit }: { db: Db; clock: Clock; audit?: Pick<AuditService, 'recordReads'> }) {
  const monthOf = (month?: string) => month ?? accountingMonth(clock.now()).slice(0, 7);
  const toLine = (month: string, totals: readonly Totals[], payments: readonly AmendmentPayment[]) => (r: Figures): MriLine => {
    const gross = Number(r.gross);
    const rate = Number(r.rate_bp ?? 0);
    const landlordNo = Number(r.landlord_no);
    const amendments = amendmentsOf(
      totals.find((x) => x.landlordNo === landlordNo),
      payments.filter((p) => p.landlordNo === landlordNo),
    );
    return {
      LandlordNo: landlordNo,
      Landlord_name: String(r.full_name),
      KraPin: r.kra_pin == null ? null : String(r.kra_pin),
      Month: month,
      GrossRent: centsToAmount(gross),
      RatePercent: formatPercent(rate),
      Tax: centsToAmount(shareOf(gross, rate)),
      Withheld: centsToAmount(Number(r.withheld)),
      PaidToKra: centsToAmount(Number(r.paid ?? 0)),
      DueBy: mriDueDate(month),
      PaidOn: r.paid_on == null ? null : String(r.paid_on),
      Reference: r.reference == null ? null : String(r.reference),
      AmendmentDue: centsToAmount(amendments.withheld),
      AmendmentGross: centsToAmount(amendments.gross),
      Amendments: amendments.paid,
    };
  };

  const certificatePdf = async (c: KeptCertificate, agentId: number, landlordNo: number) =>
    withholdingCertificatePdf(c.Line, await agencyName(db, agentId), new Date(c.IssuedAt), await landlordLanguage(db, landlordNo), await findRegistration(db, agentId));

  const service = {
    ...rentalTaxPack({ db, clock, audit }),

    /** Every landlord's MRI for the month: gross residential rent received and the tax at the dated rate. */
    async report(agentId: number, month?: string, landlordNo: number | null = null): Promise<MriLine[]> {
      const m = monthOf(month);
      const { from } = monthBounds(m);
      const totals = await repo.amendingTotals(db, agentId, from, landlordNo);
      const payments = await repo.amendmentPayments(db, agentId, from, landlordNo);
      const lines = (await repo.monthFigures(db, agentId, from, landlordNo)).map(toLine(m, totals, payments));
      // Every way out of here (the report, both sheets, the certificate) shows the landlords' KRA PINs: reads the audit trail keeps.
      const withPin = lines.filter((l) => l.KraPin).map((l) => l.LandlordNo);
      if (withPin.length > 0) await audit?.recordReads(agentId, 'landlord_tax_details', withPin, ['kra_pin']);
      return lines;
    },

    async reportCsv(agentId: number, month?: string) {
      return toCsv(REPORT_COLUMNS, await service.report(agentId, month));
    },

    async filingCsv(agentId: number, month?: string) {
      return toCsv(FILING_COLUMNS, (await service.report(agentId, month)).filter((l) => l.Withheld !== 0));
    },

    /**
     * The month's certificate, or a paid amendment's. Proof of payment only
     * once paid: until then it says plainly that it is not (decision 036).
     * Paid, it is dated by the payment, so it prints the same every time.
     */
    async certificate(agentId: number, landlordNo: number, month?: string, amendment?: number) {
      if (!(await landlordOfAgent(db, agentId, landlordNo))) throw new NotFound();
      const m = monthOf(month);
      // Once paid, a certificate is kept as first issued (decision 050): late money, reversals, a new KRA PIN or name print nothing different.
      const key = { agentId, landlordNo, month: `${m}-01`, paper: 'mri_certificate' as const, no: amendment ?? 0 };
      let kept = (await paperOf(db, key))?.body as KeptCertificate | undefined;
      if (!kept) {
        const [line] = await service.report(agentId, m, landlordNo);
        let issue: KeptCertificate;
        if (amendment !== undefined) {
          const paid = line?.Amendments.find((a) => a.No === amendment);
          if (!line || !paid) throw new NotFound(CLOSED_MONTH_MESSAGES.amendmentNotFound);
          issue = { Line: { ...line, ...paid, Amendment: paid.No }, IssuedAt: `${paid.PaidOn}T12:00:00+03:00` };
        } else {
          if (!line || line.Withheld <= 0 || line.GrossRent <= 0) throw new NotFound(ANSWER_MESSAGES.nothingWithheld);
          // Unpaid, it says so and is dated today: not yet the paper the landlord files.
          if (!line.PaidOn) return certificatePdf({ Line: { ...line, Amendment: null }, IssuedAt: clock.now().toISOString() }, agentId, landlordNo);
          issue = { Line: { ...line, Amendment: null }, IssuedAt: `${line.PaidOn}T12:00:00+03:00` };
        }
        kept = (await keepPaper(db, { ...key, body: issue, at: clock.now() })).body as KeptCertificate;
      } else if (kept.Line.KraPin) await audit?.recordReads(agentId, 'landlord_tax_details', [landlordNo], ['kra_pin']);
      return certificatePdf(kept, agentId, landlordNo);
    },

    /** The month's tax withheld for a landlord, paid to KRA: clears the payable, once per landlord and month. */
    async recordPayment(agentId: number, caller: Caller, input: PaymentInput) {
      if (input.PaidOn > accountingDate(clock.now())) throw new Invalid('The date may not be after today');
      return db.transaction(async (tx) => {
        if (!(await landlordOfAgent(tx, agentId, input.LandlordNo))) throw new NotFound();
        const { from } = monthBounds(input.month);
        await lockLandlord(tx, input.LandlordNo);
        if (await repo.kraPaymentOf(tx, agentId, input.LandlordNo, from)) throw new Conflict(ANSWER_MESSAGES.kraPaymentRecorded);
        const withheld = Number((await repo.monthFigures(tx, agentId, from, input.LandlordNo))[0]?.withheld ?? 0);
        if (withheld <= 0) throw new Invalid(ANSWER_MESSAGES.nothingWithheld);
        const txnId = await postLandlordTxn(tx, {
          agentId,
          kind: 'tax_payment',
          landlordNo: input.LandlordNo,
          propId: null,
          tenancyId: null,
          journalTxnId: null,
          postedAt: clock.now(),
          moneyDate: input.PaidOn,
          details: `MRI for ${input.month} paid to KRA: ${input.Reference}`,
          postedBy: caller.userNo,
          lines: [
            { account: 'tax_payable', credit: -withheld },
            { account: 'cash', credit: withheld },
          ],
        });
        await repo.insertKraPayment(tx, {
          agentId,
          landlordNo: input.LandlordNo,
          month: from,
          amount: withheld,
          paidOn: input.PaidOn,
          reference: input.Reference,
          txnId,
          at: clock.now(),
          by: caller.userNo,
          prn: input.Prn ?? null,
        });
        // Paid to KRA, the month's return is filed: the month closes (decision 036).
        await closeLandlordMonth(tx, { agentId, landlordNo: input.LandlordNo, month: input.month, reason: 'mri_paid', at: clock.now(), by: caller.userNo });
        return { message: englishMessage('messages.rentalTax.paid', { amount: formatKsh(withheld) }) };
      });
    },

    /**
     * What a closed month's MRI gained after it closed (late rent less
     * reversals), paid to KRA as the month's next amendment. Refused when
     * nothing is owed: an amendment below zero was overpaid and is not filed.
     */
    async recordAmendmentPayment(agentId: number, caller: Caller, input: PaymentInput) {
      if (input.PaidOn > accountingDate(clock.now())) throw new Invalid('The date may not be after today');
      return db.transaction(async (tx) => {
        if (!(await landlordOfAgent(tx, agentId, input.LandlordNo))) throw new NotFound();
        const { from } = monthBounds(input.month);
        await lockLandlord(tx, input.LandlordNo);
        const through = await closedThrough(tx, agentId, input.LandlordNo);
        if (through === null || from > through) throw new Invalid(CLOSED_MONTH_MESSAGES.nothingAmended);
        const payments = await repo.amendmentPayments(tx, agentId, from, input.LandlordNo);
        const due = amendmentsOf((await repo.amendingTotals(tx, agentId, from, input.LandlordNo))[0], payments);
        if (due.withheld < 0) throw new Invalid(CLOSED_MONTH_MESSAGES.overpaid(formatKsh(-due.withheld)));
        if (due.withheld === 0) throw new Invalid(CLOSED_MONTH_MESSAGES.nothingAmended);
        const no = payments.length + 1;
        const txnId = await postLandlordTxn(tx, {
          agentId,
          kind: 'tax_payment',
          landlordNo: input.LandlordNo,
          propId: null,
          tenancyId: null,
          journalTxnId: null,
          postedAt: clock.now(),
          moneyDate: input.PaidOn,
          details: `MRI for ${input.month}, amendment ${no}, paid to KRA: ${input.Reference}`,
          postedBy: caller.userNo,
          lines: [
            { account: 'tax_payable', credit: -due.withheld },
            { account: 'cash', credit: due.withheld },
          ],
        });
        await repo.insertKraPayment(tx, {
          agentId,
          landlordNo: input.LandlordNo,
          month: from,
          amount: due.withheld,
          paidOn: input.PaidOn,
          reference: input.Reference,
          txnId,
          at: clock.now(),
          by: caller.userNo,
          amendmentNo: no,
          gross: due.gross,
          prn: input.Prn ?? null,
        });
        return { message: CLOSED_MONTH_MESSAGES.amendmentPaid(no, input.month, formatKsh(due.withheld)) };
      });
    },
  };
  return service;
}

export type RentalTaxService = ReturnType<typeof rentalTaxService>;
