import { LANGUAGE_TAGS, formatBalance, formatKsh, translatorFor, type Language, type StatementLine } from '@makazi/domain';
import PDFDocument from 'pdfkit';

const cents = (amount: number) => Math.round(amount * 100);
const day = (iso: string, language: Language) =>
  new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : LANGUAGE_TAGS[language], { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });

/** One receipt as an A5 PDF in the tenant's language: who received what from whom, for which house, and the balance right after it. */
export function receiptPdf(
  r: { agencyName: string; tenantName: string; house: string; property: string; line: StatementLine },
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
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('documents.receipt.heading'));
  doc.moveDown().fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    [t('documents.receipt.receipt'), r.line.ReceiptNo ?? ''],
    [t('documents.receipt.date'), day(r.line.TransactionDate, language)],
    [t('documents.receipt.receivedFrom'), r.tenantName],
    [t('documents.receipt.house'), `${r.house}, ${r.property}`],
    [t('documents.receipt.paidInto'), r.line.TrsAccount],
    [t('documents.receipt.details'), r.line.TransactionDetails],
    [t('documents.receipt.amount'), formatKsh(cents(r.line.Credit))],
    [t('documents.receipt.balanceAfter'), formatBalance(cents(r.line.Balance), (amount) => t('figures.inCreditAmount', { amount }))],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.end();
  return done;
}
