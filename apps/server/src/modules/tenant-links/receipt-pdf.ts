import { formatBalance, formatKsh, type StatementLine } from '@makazi/domain';
import PDFDocument from 'pdfkit';

const cents = (amount: number) => Math.round(amount * 100);
const day = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });

/** One receipt as an A5 PDF: who received what from whom, for which house, and the balance right after it. */
export function receiptPdf(
  r: { agencyName: string; tenantName: string; house: string; property: string; line: StatementLine },
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: `Receipt ${r.line.ReceiptNo}`, Author: r.agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(15).text(r.agencyName);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text('Official receipt');
  doc.moveDown().fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    ['Receipt', r.line.ReceiptNo ?? ''],
    ['Date', day(r.line.TransactionDate)],
    ['Received from', r.tenantName],
    ['House', `${r.house}, ${r.property}`],
    ['Paid into', r.line.TrsAccount],
    ['Details', r.line.TransactionDetails],
    ['Amount', formatKsh(cents(r.line.Credit))],
    ['Balance after', formatBalance(cents(r.line.Balance))],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.end();
  return done;
}
