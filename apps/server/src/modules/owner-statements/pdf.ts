import { accountingDate, amountToCents, formatAmount, monthLabel, translatorFor, type Language, type OwnerStatement } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';

export type Doc = InstanceType<typeof PDFDocument>;
export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const money = (amount: number) => formatAmount(amountToCents(amount));
const day = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric' });

/** A table that carries its header onto the next page when it runs over. */
export function table(doc: Doc, columns: Column[], rows: string[][], total?: string[]) {
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

export function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000').text(text, doc.page.margins.left);
  doc.moveDown(0.3);
}

/** The owner statement on A4: summary, houses, expenses with payees, payouts, pass-through money paid onward; the same figures as the screen and the CSV. */
export function ownerStatementPdf(s: OwnerStatement, printedAt: Date, language: Language = 'en'): Promise<Buffer> {
  const tr = translatorFor(language);
  const t = (key: string, values?: Record<string, unknown>) => tr(`landlordMoney.pdf.${key}`, values);
  const month = language === 'en' ? monthLabel(`${s.Month}-01`) : `${s.Month.slice(5)}/${s.Month.slice(0, 4)}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Owner statement ${s.LandlordNo} ${s.Month}`, Author: s.Agency } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(s.Agency);
  printAgencyRegistration(doc, s.AgencyRegistration, language);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('title', { month }));
  doc.moveDown(0.5);
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    [t('landlord'), t('landlordValue', { name: s.Landlord_name, landlordNo: s.LandlordNo })],
    [t('pin'), s.KraPin ?? t('noPin')],
    [t('period'), t('periodValue', { from: day(s.From), to: day(s.To) })],
    [t('printed'), printedAt.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: '2-digit', month: 'short', year: 'numeric' })],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  if (s.VatPin) doc.font('Helvetica').text(t('vatPin', { pin: s.VatPin }));
  if (s.Closed && s.IssuedAt) doc.font('Helvetica').fontSize(9).text(t('closedNote', { date: day(accountingDate(new Date(s.IssuedAt))) })).fontSize(10);
  doc.moveDown();

  heading(doc, t('summary'));
  const summary: Column[] = [
    { title: t('item'), width: 300, align: 'left' },
    { title: t('amount'), width: 120, align: 'right' },
  ];
  table(
    doc,
    summary,
    [
      [t('opening'), money(s.OpeningBalance)],
      ...(s.BroughtForward ? [[t('broughtForward'), money(s.BroughtForward)] as [string, string]] : []),
      [t('rentCollected'), money(s.RentCollected)],
      [t('chargesCollected'), money(s.ChargesCollected)],
      [t('passedOn'), money(-s.PassedOn)],
      [t('commission'), money(-s.Commission)],
      ...(s.Vat !== 0 ? [[t('vat'), money(-s.Vat)] as [string, string]] : []),
      [t('tax'), money(-s.TaxWithheld)],
      [t('expenses'), money(-s.ExpensesTotal)],
      [t('payouts'), money(-s.PayoutsTotal)],
    ],
    [t('closing'), money(s.ClosingBalance)],
  );
  // Beside Closing, not in it: earned commission the agency has moved to its office account (decision 035).
  if (s.FeesTransferred !== 0) doc.font('Helvetica').fontSize(9).text(t('feesTransferred', { amount: money(s.FeesTransferred) }), doc.page.margins.left);

  heading(doc, t('houses', { count: s.VacantHouses }));
  const houses: Column[] = [
    { title: t('property'), width: 105, align: 'left' },
    { title: t('house'), width: 55, align: 'left' },
    { title: t('tenant'), width: 115, align: 'left' },
    { title: t('rentCharged'), width: 75, align: 'right' },
    { title: t('collected'), width: 75, align: 'right' },
    { title: t('arrears'), width: 70, align: 'right' },
  ];
  table(
    doc,
    houses,
    s.Houses.map((h) => [h.Property_name, h.House_number, h.Tenant_name ?? t('vacant'), money(h.RentCharged), money(h.RentCollected), money(h.Arrears)]),
    [t('total'), '', '', money(s.RentCharged), money(s.RentCollected), ''],
  );

  heading(doc, t('expensesHeading'));
  const expenses: Column[] = [
    { title: t('date'), width: 70, align: 'left' },
    { title: t('propertyHouse'), width: 130, align: 'left' },
    { title: t('category'), width: 65, align: 'left' },
    { title: t('payee'), width: 145, align: 'left' },
    { title: t('amount'), width: 85, align: 'right' },
  ];
  table(
    doc,
    expenses,
    s.Expenses.map((e) => [day(e.Date), e.House_number ? `${e.Property_name} / ${e.House_number}` : e.Property_name, e.Category, e.Payee, money(e.Amount)]),
    [t('total'), '', '', '', money(s.ExpensesTotal)],
  );

  heading(doc, t('payoutsHeading'));
  const payouts: Column[] = [
    { title: t('date'), width: 90, align: 'left' },
    { title: t('method'), width: 90, align: 'left' },
    { title: t('reference'), width: 200, align: 'left' },
    { title: t('amount'), width: 115, align: 'right' },
  ];
  table(doc, payouts, s.Payouts.map((p) => [day(p.Date), p.Method, p.Reference, money(p.Amount)]), [t('total'), '', '', money(s.PayoutsTotal)]);

  // Already counted above; listed so a landlord sees which closed month each late entry concerns.
  if (s.LateItems.length > 0) {
    heading(doc, t('lateHeading'));
    const late: Column[] = [
      { title: t('date'), width: 70, align: 'left' },
      { title: t('concerns'), width: 90, align: 'left' },
      { title: t('details'), width: 250, align: 'left' },
      { title: t('amount'), width: 85, align: 'right' },
    ];
    table(doc, late, s.LateItems.map((x) => [day(x.Date), x.Concerns, x.Details, money(x.Amount)]));
  }

  // Pass-through money is never the landlord's: its payments onward stand apart from the summary, for a landlord who has any.
  if (s.PassedOn !== 0 || s.PaidOnward.length > 0 || s.OwedOnward !== 0) {
    heading(doc, t('paidOnwardHeading'));
    const onward: Column[] = [
      { title: t('date'), width: 70, align: 'left' },
      { title: t('property'), width: 110, align: 'left' },
      { title: t('charge'), width: 80, align: 'left' },
      { title: t('payee'), width: 150, align: 'left' },
      { title: t('amount'), width: 85, align: 'right' },
    ];
    table(
      doc,
      onward,
      s.PaidOnward.map((x) => [day(x.Date), x.Property_name, x.Charge_name ?? t('water'), x.Payee, money(x.Amount)]),
      [t('total'), '', '', '', money(s.PaidOnwardTotal)],
    );
    doc.font('Helvetica').fontSize(9).text(t('owedOnward', { amount: money(s.OwedOnward) }), doc.page.margins.left);
  }

  doc.end();
  return done;
}
