import { formatKsh, type Payout } from '@makazi/domain';
import PDFDocument from 'pdfkit';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' });
const cents = (amount: number) => Math.round(amount * 100);
const METHODS: Record<string, string> = { bank: 'Bank transfer', mpesa: 'M-Pesa', cash: 'Cash', cheque: 'Cheque' };

/** A remittance advice: one payout to one landlord, as an A4 PDF the landlord can file. */
export function payoutAdvicePdf(payout: Payout, agencyName: string, printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Remittance advice ${payout.PayoutId}`, Author: agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(agencyName);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text('Remittance advice');
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    ['Advice number', `PAY-${String(payout.PayoutId).padStart(6, '0')}`],
    ['Paid to', `${payout.Landlord_name} (client ${payout.LandlordNo})`],
    ['Date paid', day(payout.PayoutDate)],
    ['Method', METHODS[payout.Method] ?? payout.Method],
    ['Reference', payout.Reference || '—'],
    ['Printed', printedAt.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: 'short', year: 'numeric' })],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Amount paid: ${formatKsh(cents(payout.Amount))}`);
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).fillColor('#555').text('Rent collected on your behalf, less commission, tax withheld and property expenses. Your owner statement shows each figure.');
  doc.end();
  return done;
}
