import { amountToCents, formatAmount, monthLabel, type OwnerStatement } from '@makazi/domain';
import PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const money = (amount: number) => formatAmount(amountToCents(amount));
const day = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' });

/** A table that carries its header onto the next page when it runs over. */
function table(doc: Doc, columns: Column[], rows: string[][], total?: string[]) {
  const draw = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      if (!bold) draw(columns.map((c) => c.title), true);
    }
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: columns[i]!.width - 6, align: columns[i]!.align });
      bottom = Math.max(bottom, doc.y);
      x += columns[i]!.width;
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 3;
  };
  draw(columns.map((c) => c.title), true);
  for (const row of rows) draw(row, false);
  if (total) draw(total, true);
  doc.moveDown(0.8);
}

function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000').text(text, doc.page.margins.left);
  doc.moveDown(0.3);
}

/** The owner statement on A4: summary, houses, expenses with payees, payouts; the same figures as the screen and the CSV. */
export function ownerStatementPdf(s: OwnerStatement, printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Owner statement ${s.LandlordNo} ${s.Month}`, Author: s.Agency } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(s.Agency);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(`Owner statement for ${monthLabel(`${s.Month}-01`)}`);
  doc.moveDown(0.5);
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    ['Landlord', `${s.Landlord_name} (client ${s.LandlordNo})`],
    ['KRA PIN', s.KraPin ?? 'not recorded'],
    ['Period', `${day(s.From)} to ${day(s.To)}`],
    ['Printed', printedAt.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: 'short', year: 'numeric' })],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown();

  heading(doc, 'Summary (Ksh)');
  const summary: Column[] = [
    { title: 'Item', width: 300, align: 'left' },
    { title: 'Amount', width: 120, align: 'right' },
  ];
  table(
    doc,
    summary,
    [
      ['Opening balance', money(s.OpeningBalance)],
      ['Rent collected', money(s.RentCollected)],
      ['Other charges collected', money(s.ChargesCollected)],
      ['Less passed on to third parties', money(-s.PassedOn)],
      ['Less commission', money(-s.Commission)],
      ['Less rental income tax withheld', money(-s.TaxWithheld)],
      ['Less property expenses', money(-s.ExpensesTotal)],
      ['Less payouts to you', money(-s.PayoutsTotal)],
    ],
    ['Closing balance', money(s.ClosingBalance)],
  );

  heading(doc, `Houses (${s.VacantHouses} vacant at the end of the month)`);
  const houses: Column[] = [
    { title: 'Property', width: 105, align: 'left' },
    { title: 'House', width: 55, align: 'left' },
    { title: 'Tenant', width: 115, align: 'left' },
    { title: 'Rent charged', width: 75, align: 'right' },
    { title: 'Collected', width: 75, align: 'right' },
    { title: 'Arrears', width: 70, align: 'right' },
  ];
  table(
    doc,
    houses,
    s.Houses.map((h) => [h.Property_name, h.House_number, h.Tenant_name ?? 'Vacant', money(h.RentCharged), money(h.RentCollected), money(h.Arrears)]),
    ['Total', '', '', money(s.RentCharged), money(s.RentCollected), ''],
  );

  heading(doc, 'Property expenses');
  const expenses: Column[] = [
    { title: 'Date', width: 70, align: 'left' },
    { title: 'Property / house', width: 130, align: 'left' },
    { title: 'Category', width: 65, align: 'left' },
    { title: 'Payee', width: 145, align: 'left' },
    { title: 'Amount', width: 85, align: 'right' },
  ];
  table(
    doc,
    expenses,
    s.Expenses.map((e) => [day(e.Date), e.House_number ? `${e.Property_name} / ${e.House_number}` : e.Property_name, e.Category, e.Payee, money(e.Amount)]),
    ['Total', '', '', '', money(s.ExpensesTotal)],
  );

  heading(doc, 'Payouts to you');
  const payouts: Column[] = [
    { title: 'Date', width: 90, align: 'left' },
    { title: 'Method', width: 90, align: 'left' },
    { title: 'Reference', width: 200, align: 'left' },
    { title: 'Amount', width: 115, align: 'right' },
  ];
  table(doc, payouts, s.Payouts.map((p) => [day(p.Date), p.Method, p.Reference, money(p.Amount)]), ['Total', '', '', money(s.PayoutsTotal)]);

  doc.end();
  return done;
}
