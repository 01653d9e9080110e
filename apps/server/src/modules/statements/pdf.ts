import { formatAmount, formatKsh, formatStatementBalance, type StatementLine, type Tenancy } from '@makazi/domain';
import PDFDocument from 'pdfkit';

const COLUMNS = [
  { title: 'Date', width: 62, align: 'left' as const },
  { title: 'Txn', width: 42, align: 'left' as const },
  { title: 'Receipt', width: 60, align: 'left' as const },
  { title: 'Account', width: 48, align: 'left' as const },
  { title: 'Details', width: 118, align: 'left' as const },
  { title: 'Debit', width: 58, align: 'right' as const },
  { title: 'Credit', width: 58, align: 'right' as const },
  { title: 'Balance', width: 62, align: 'right' as const },
];

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: 'short', year: 'numeric' });
const cents = (amount: number) => Math.round(amount * 100);

/** A tenant's financial statement as an A4 PDF: agency, tenant, house, period, lines and balance. */
export function statementPdf(tenancy: Tenancy, lines: StatementLine[], printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Statement ${tenancy.TenancyId}`, Author: tenancy.ManagingAgentName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(tenancy.ManagingAgentName);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text('Tenant financial statement');
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const period = lines.length ? `${day(lines[0]!.TransactionDate)} to ${day(lines.at(-1)!.TransactionDate)}` : 'No transactions';
  const facts: [string, string][] = [
    ['Tenant', `${tenancy.Tenant_name} (client ${tenancy.ClientNo})`],
    ['House', `${tenancy.House_number}, ${tenancy.Property_name}, ${tenancy.Area_Estate}, ${tenancy.Town}`],
    ['Tenancy', `${tenancy.TenancyId}, from ${day(tenancy.StartDate)}${tenancy.EndDate ? ` to ${day(tenancy.EndDate)}` : ''}`],
    ['Rent', `${formatKsh(cents(tenancy.Rent))} per month`],
    ['Deposit', `${formatKsh(cents(tenancy.DepositHeld))} held, ${formatKsh(cents(tenancy.DepositDue))} still owed`],
    ['Period', period],
    ['Printed', day(printedAt.toISOString())],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();

  const drawRow = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: COLUMNS[i]!.width - 6, align: COLUMNS[i]!.align });
      x += COLUMNS[i]!.width;
    });
    doc.x = doc.page.margins.left;
    doc.moveDown(0.4);
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  };
  drawRow(COLUMNS.map((c) => c.title), true);
  for (const line of lines) {
    drawRow([
      day(line.TransactionDate),
      String(line.TransactionId),
      line.ReceiptNo ?? '',
      line.TrsAccount,
      line.TransactionDetails,
      line.Debit ? formatAmount(cents(line.Debit)) : '',
      line.Credit ? formatAmount(cents(line.Credit)) : '',
      formatStatementBalance(cents(line.Balance)),
    ]);
  }
  doc.moveDown();
  const balance = cents(tenancy.RentBalance);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Balance due: Ksh ${formatStatementBalance(balance)}${balance < 0 ? ' (paid in advance)' : ''}`, doc.page.margins.left);
  doc.end();
  return done;
}
