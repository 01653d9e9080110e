import { RECONCILING_ITEM_SIGN, amountToCents, formatAmount, formatDay, translatorFor, type TrustReconciliation, type YearEndPack } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { heading, table, type Column } from '../owner-statements/pdf';

const money = (amount: number) => formatAmount(amountToCents(amount));
const day = (iso: string) => formatDay(`${iso}T12:00:00+03:00`);

/**
 * The accountant's year-end pack on A4 (Estate Agents (Accountant's
 * Certificate) Rules 1989): the same figures as the screen and the CSV, in
 * English, the language of the certificate.
 */
export function yearEndPdf(p: YearEndPack, printedAt: Date): Promise<Buffer> {
  const tr = translatorFor('en');
  const t = (key: string, values?: Record<string, unknown>) => tr(`clientMoney.${key}`, values);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Client money ${p.From} to ${p.To}`, Author: p.Agency } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(p.Agency);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('pack.title'));
  doc.moveDown(0.5);
  doc.fillColor('#000').fontSize(10);
  for (const [label, value] of [
    [t('pack.period'), `${day(p.From)} – ${day(p.To)}`],
    [t('pack.printed'), formatDay(printedAt)],
  ] as const) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();

  const trust = (x: TrustReconciliation) => [
    money(x.Received), money(x.PaidOut), money(x.Held), money(x.OwedToLandlords), money(x.DepositsHeld), money(x.TenantCredits),
    money(x.PassThroughPayable), money(x.TaxPayable), money(x.CommissionNotTaken), money(x.VatPayable), money(x.Difference),
  ];
  const lines = ['received', 'paidOut', 'held', 'owedToLandlords', 'depositsHeld', 'tenantCredits', 'passThrough', 'taxPayable', 'commission', 'vat', 'difference'];
  heading(doc, t('pack.trust'));
  const opening = trust(p.Opening);
  const closing = trust(p.Closing);
  table(
    doc,
    [
      { title: t('pack.item'), width: 235, align: 'left' },
      { title: t('pack.opening', { date: day(p.From) }), width: 130, align: 'right' },
      { title: t('pack.closing', { date: day(p.To) }), width: 130, align: 'right' },
    ],
    lines.map((key, i) => [t(`books.${key}`), opening[i]!, closing[i]!]),
  );

  heading(doc, t('pack.movements'));
  const moveColumns: Column[] = [
    { title: t('pack.month'), width: 55, align: 'left' },
    { title: t('pack.in'), width: 65, align: 'right' },
    { title: t('pack.broughtForward'), width: 55, align: 'right' },
    { title: t('pack.refunds'), width: 55, align: 'right' },
    { title: t('pack.payouts'), width: 65, align: 'right' },
    { title: t('pack.expenses'), width: 55, align: 'right' },
    { title: t('pack.kra'), width: 50, align: 'right' },
    { title: t('pack.onward'), width: 50, align: 'right' },
    { title: t('pack.fees'), width: 50, align: 'right' },
  ];
  const moveRow = (m: YearEndPack['Totals']) => [
    money(m.Received), money(m.BroughtForward), money(m.RefundsToTenants), money(m.PaidToLandlords), money(m.Expenses), money(m.TaxPaid), money(m.PaidOnward), money(m.FeesTransferred),
  ];
  table(doc, moveColumns, p.Movements.map((m) => [m.Month, ...moveRow(m)]), [t('pack.total'), ...moveRow(p.Totals)]);
  doc.font('Helvetica').fontSize(9).text(
    t('pack.agrees', { opening: money(p.Opening.Held), received: money(p.Totals.Received), broughtForward: money(p.Totals.BroughtForward), paidOut: money(p.Totals.PaidOut), closing: money(p.Closing.Held) }),
    doc.page.margins.left,
  );
  doc.moveDown();

  heading(doc, t('pack.landlords', { date: day(p.To) }));
  table(
    doc,
    [
      { title: t('pack.landlord'), width: 345, align: 'left' },
      { title: t('pack.balance'), width: 150, align: 'right' },
    ],
    p.Landlords.map((l) => [`${l.Landlord_name} (${l.LandlordNo})`, money(l.Balance)]),
    [t('pack.total'), money(p.Landlords.reduce((s, l) => s + l.Balance, 0))],
  );

  heading(doc, t('pack.tenants', { date: day(p.To) }));
  table(
    doc,
    [
      { title: t('pack.tenant'), width: 175, align: 'left' },
      { title: t('pack.house'), width: 140, align: 'left' },
      { title: t('pack.deposit'), width: 90, align: 'right' },
      { title: t('pack.credit'), width: 90, align: 'right' },
    ],
    p.Tenants.map((x) => [x.Tenant_name, `${x.Property_name} / ${x.House_number}`, money(x.DepositHeld), money(x.Credit)]),
    [t('pack.total'), '', money(p.Tenants.reduce((s, x) => s + x.DepositHeld, 0)), money(p.Tenants.reduce((s, x) => s + x.Credit, 0))],
  );

  heading(doc, t('pack.reconciliations'));
  table(
    doc,
    [
      { title: t('pack.day'), width: 75, align: 'left' },
      { title: t('pack.books'), width: 90, align: 'right' },
      { title: t('pack.statement'), width: 90, align: 'right' },
      { title: t('pack.items'), width: 150, align: 'left' },
      { title: t('pack.unexplained'), width: 90, align: 'right' },
    ],
    p.Reconciliations.map((r) => [
      day(r.Day),
      money(r.Books),
      money(r.Statement),
      r.Items.map((i) => `${t(`items.${i.Kind}`)} ${money(RECONCILING_ITEM_SIGN[i.Kind] * i.Amount)}: ${i.Note}`).join('\n') || '—',
      money(r.Unexplained),
    ]),
  );

  heading(doc, t('pack.exceptions'));
  if (p.Exceptions.length === 0) doc.font('Helvetica').fontSize(10).text(t('pack.noExceptions'), doc.page.margins.left);
  for (const e of p.Exceptions) {
    doc.font('Helvetica').fontSize(10).text(
      t(`exceptions.${e.Kind}`, { day: e.Day ? day(e.Day) : '', month: e.Month ?? '', name: e.Name ?? '', amount: e.Amount === null ? '' : money(e.Amount) }),
      doc.page.margins.left,
    );
  }
  doc.end();
  return done;
}
