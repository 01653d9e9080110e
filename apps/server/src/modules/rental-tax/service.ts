import {
  ANSWER_MESSAGES,
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
  type MriLine,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { agencyName, landlordLanguage, landlordOfAgent, postLandlordTxn } from '../landlord-money/journal';
import { withholdingCertificatePdf } from './certificate-pdf';
import * as repo from './repository';

type PaymentInput = z.output<typeof KraPaymentRequest>;
type Figures = Awaited<ReturnType<typeof repo.monthFigures>>[number];

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

export function rentalTaxService({ db, clock }: { db: Db; clock: Clock }) {
  const monthOf = (month?: string) => month ?? accountingMonth(clock.now()).slice(0, 7);
  const toLine = (month: string) => (r: Figures): MriLine => {
    const gross = Number(r.gross);
    const rate = Number(r.rate_bp ?? 0);
    return {
      LandlordNo: Number(r.landlord_no),
      Landlord_name: String(r.full_name),
      KraPin: r.kra_pin == null ? null : String(r.kra_pin),
      Month: month,
      GrossRent: centsToAmount(gross),
      RatePercent: formatPercent(rate),
      Tax: centsToAmount(shareOf(gross, rate)),
      Withheld: centsToAmount(Number(r.withheld)),
      PaidToKra: centsToAmount(Number(r.paid)),
      DueBy: mriDueDate(month),
    };
  };

  const service = {
    /** Every landlord's MRI for the month: gross residential rent received and the tax at the dated rate. */
    async report(agentId: number, month?: string, landlordNo: number | null = null): Promise<MriLine[]> {
      const m = monthOf(month);
      const { from, to } = monthBounds(m);
      return (await repo.monthFigures(db, agentId, from, to, landlordNo)).map(toLine(m));
    },

    async reportCsv(agentId: number, month?: string) {
      return toCsv(REPORT_COLUMNS, await service.report(agentId, month));
    },

    async filingCsv(agentId: number, month?: string) {
      return toCsv(FILING_COLUMNS, (await service.report(agentId, month)).filter((l) => l.Withheld !== 0));
    },

    async certificate(agentId: number, landlordNo: number, month?: string) {
      if (!(await landlordOfAgent(db, agentId, landlordNo))) throw new NotFound();
      const [line] = await service.report(agentId, month, landlordNo);
      if (!line || line.Withheld === 0) throw new NotFound(ANSWER_MESSAGES.nothingWithheld);
      return withholdingCertificatePdf(line, await agencyName(db, agentId), clock.now(), await landlordLanguage(db, landlordNo));
    },

    /** The month's tax withheld for a landlord, paid to KRA: clears the payable, once per landlord and month. */
    async recordPayment(agentId: number, caller: Caller, input: PaymentInput) {
      if (input.PaidOn > accountingDate(clock.now())) throw new Invalid('The date may not be after today');
      return db.transaction(async (tx) => {
        if (!(await landlordOfAgent(tx, agentId, input.LandlordNo))) throw new NotFound();
        const { from, to } = monthBounds(input.month);
        if (await repo.kraPaymentOf(tx, agentId, input.LandlordNo, from)) throw new Conflict(ANSWER_MESSAGES.kraPaymentRecorded);
        const withheld = Number((await repo.monthFigures(tx, agentId, from, to, input.LandlordNo))[0]?.withheld ?? 0);
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
        });
        return { message: englishMessage('messages.rentalTax.paid', { amount: formatKsh(withheld) }) };
      });
    },
  };
  return service;
}

export type RentalTaxService = ReturnType<typeof rentalTaxService>;
