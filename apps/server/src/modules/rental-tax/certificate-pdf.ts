import { amountToCents, formatKsh, monthLabel, type MriLine } from '@makazi/domain';
import PDFDocument from 'pdfkit';

/** The withholding certificate an agent issues a landlord for a month's MRI withheld (Tax Procedures Act s42C). */
export function withholdingCertificatePdf(line: MriLine, agencyName: string, printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `MRI withholding certificate ${line.LandlordNo} ${line.Month}`, Author: agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(agencyName);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text('Monthly Rental Income tax: withholding certificate');
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    ['Landlord', `${line.Landlord_name} (client ${line.LandlordNo})`],
    ['KRA PIN', line.KraPin ?? 'not recorded'],
    ['Month of rent', monthLabel(`${line.Month}-01`)],
    ['Gross residential rent received', formatKsh(amountToCents(line.GrossRent))],
    ['Rate', `${line.RatePercent}%`],
    ['Tax withheld', formatKsh(amountToCents(line.Withheld))],
    ['Paid to KRA', formatKsh(amountToCents(line.PaidToKra))],
    ['Due to KRA by', line.DueBy],
    ['Issued', printedAt.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: 'short', year: 'numeric' })],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown();
  doc.fontSize(9).fillColor('#555').text(`${agencyName} withheld the tax above from rent it collected on your behalf, as a withholding agent appointed by KRA.`);
  doc.end();
  return done;
}
