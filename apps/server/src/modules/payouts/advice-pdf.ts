import { formatDay, formatKsh, translatorFor, type Language, type Payout } from '@makazi/domain';
import type { AgencyRegistration } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';

const cents = (amount: number) => Math.round(amount * 100);
const METHODS = ['bank', 'mpesa', 'cash', 'cheque'] as const;

/** A remittance advice: one payout to one landlord, as an A4 PDF the landlord can file, in their language. */
export function payoutAdvicePdf(
  payout: Payout,
  agencyName: string,
  printedAt: Date,
  language: Language = 'en',
  registration: AgencyRegistration | null = null,
  /** The agency's VAT PIN when it charged VAT on its fees (decision 054). */
  vatPin: string | null = null,
): Promise<Buffer> {
  const tr = translatorFor(language);
  const t = (key: string, values?: Record<string, unknown>) => tr(`landlordMoney.advice.${key}`, values);
  const method = (METHODS as readonly string[]).includes(payout.Method) ? t(`methods.${payout.Method}`) : payout.Method;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${payout.PayoutId}`, Author: agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(agencyName);
  printAgencyRegistration(doc, registration, language);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('title'));
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    [t('number'), `PAY-${String(payout.PayoutId).padStart(6, '0')}`],
    [t('paidTo'), t('paidToValue', { name: payout.Landlord_name, landlordNo: payout.LandlordNo })],
    [t('datePaid'), formatDay(`${payout.PayoutDate}T12:00:00+03:00`)],
    [t('method'), method],
    [t('reference'), payout.Reference || '—'],
    [t('printed'), formatDay(printedAt)],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  if (vatPin) doc.font('Helvetica').text(t('vatPin', { pin: vatPin }));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(t('amountPaid', { amount: formatKsh(cents(payout.Amount)) }));
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(t(vatPin ? 'noteVat' : 'note'));
  doc.end();
  return done;
}
