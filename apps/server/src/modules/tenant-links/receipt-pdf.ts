import {
  formatBalance,
  formatDay,
  formatKsh,
  translateAccount,
  translateAppliedTo,
  translateLedgerText,
  translatorFor,
  type Language,
  type StatementLine,
} from '@makazi/domain';
import type { AgencyRegistration } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';
import { onPaper } from '../../http/on-paper';

const cents = (amount: number) => Math.round(amount * 100);
/** dd/mm/yyyy hh:mm on Nairobi's clock, the same in every language. */
const dayAndTime = (iso: string) =>
  `${formatDay(iso)} ${new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit', hour12: false })}`;

/** One receipt as an A5 PDF in the tenant's language: who received what from whom, for which house, and the balance right after it. */
export function receiptPdf(
  r: { agencyName: string; registration?: AgencyRegistration | null; tenantName: string; house: string; property: string; line: StatementLine },
  language: Language = 'en',
): Promise<Buffer> {
  const t = translatorFor(language);
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    lang: language,
    info: { Title: t('documents.receipt.title', { receiptNo: r.line.ReceiptNo ?? '' }), Author: r.agencyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(15).text(r.agencyName);
  printAgencyRegistration(doc, r.registration, language);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('documents.receipt.heading'));
  doc.moveDown().fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    [t('documents.receipt.receipt'), r.line.ReceiptNo ?? ''],
    [t('documents.receipt.date'), dayAndTime(r.line.TransactionDate)],
    [t('documents.receipt.receivedFrom'), r.tenantName],
    [t('documents.receipt.house'), t('documents.receipt.houseValue', { house: r.house, property: r.property })],
    [t('documents.receipt.paidInto'), translateAccount(t as never, r.line.TrsAccount)],
    [t('documents.receipt.details'), translateLedgerText(t as never, r.line.TransactionDetails)],
    [t('documents.receipt.amount'), formatKsh(cents(r.line.Credit))],
    [t('documents.receipt.balanceAfter'), formatBalance(cents(r.line.Balance), (amount) => t('figures.inCreditAmount', { amount }))],
  ];
  if (r.line.AppliedTo) facts.push([t('documents.receipt.appliedTo'), translateAppliedTo(t as never, r.line.AppliedTo)]);
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(onPaper(value));
  doc.end();
  return done;
}
