import {
  formatAmount,
  formatDay as day,
  formatBalance,
  formatKsh,
  formatRunningBalance,
  translateAccount,
  translateLedgerText,
  translatorFor,
  type Language,
  type StatementLine,
  type Tenancy,
} from '@makazi/domain';
import type { AgencyRegistration } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';
import { onPaper } from '../../http/on-paper';

/** The columns fill A4 between the 50 pt margins (495 pt): none runs off the page. */
const COLUMNS = [
  { key: 'date', width: 52, align: 'left' as const },
  { key: 'txn', width: 40, align: 'left' as const },
  { key: 'receipt', width: 62, align: 'left' as const },
  { key: 'account', width: 46, align: 'left' as const },
  { key: 'details', width: 115, align: 'left' as const },
  { key: 'debit', width: 54, align: 'right' as const },
  { key: 'credit', width: 54, align: 'right' as const },
  { key: 'balance', width: 72, align: 'right' as const },
];

const cents = (amount: number) => Math.round(amount * 100);

/** A tenant's financial statement as an A4 PDF in `language`: agency, tenant, house, period, lines and balance. */

export function statementPdf(
  tenancy: Tenancy,
  lines: StatementLine[],
  printedAt: Date,
  language: Language = 'en',
  registration: AgencyRegistration | null = null,
): Promise<Buffer> {
  const t = translatorFor(language);
  const s = (key: string, values?: Record<string, unknown>) => t(`documents.statement.${key}`, values);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: language,
    info: { Title: s('title', { tenancyId: tenancy.TenancyId }), Author: tenancy.ManagingAgentName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(tenancy.ManagingAgentName);
  printAgencyRegistration(doc, registration, language);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(s('heading'));
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const period = lines.length
    ? s('periodValue', { from: day(lines[0]!.TransactionDate), to: day(lines.at(-1)!.TransactionDate) })
    : s('noTransactions');
  const tenancyId = tenancy.TenancyId;
  const start = day(tenancy.StartDate);
  const facts: [string, string][] = [
    [s('tenant'), s('tenantValue', { name: tenancy.Tenant_name, clientNo: tenancy.ClientNo })],
    [s('house'), [tenancy.House_number, tenancy.Property_name, tenancy.Area_Estate, tenancy.Town].join(', ')],
    [
      s('tenancy'),
      tenancy.EndDate
        ? s('tenancyFromTo', { tenancyId, start, end: day(tenancy.EndDate) })
        : s('tenancyFrom', { tenancyId, start }),
    ],
    [s('rent'), s('rentValue', { rent: formatKsh(cents(tenancy.Rent)) })],
    [
      s('deposit'),
      s('depositValue', {
        held: formatKsh(cents(tenancy.DepositHeld)),
        owed: formatKsh(cents(tenancy.DepositDue)),
      }),
    ],
    [s('period'), period],
    [s('printed'), day(printedAt)],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();

  const credit = (amount: string) => t('figures.inCreditAmount', { amount });
  const header = COLUMNS.map((c) => s(`columns.${c.key}`));
  const GAP = 4;
  // A row is as tall as its tallest cell: a detail that wraps pushes the next row down, never under it.
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((cell, i) => doc.heightOfString(onPaper(cell) || ' ', { width: COLUMNS[i]!.width - 6 })));
  const drawRow = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = rowHeight(cells);
    if (!bold && doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(header, true);
      doc.font('Helvetica').fontSize(9);
    }
    const y = doc.y;
    let x = doc.page.margins.left;
    cells.forEach((cell, i) => {
      doc.text(onPaper(cell), x, y, { width: COLUMNS[i]!.width - 6, align: COLUMNS[i]!.align });
      x += COLUMNS[i]!.width;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + height + GAP;
  };
  drawRow(header, true);
  for (const line of lines) {
    drawRow([
      day(line.TransactionDate),
      String(line.TransactionId),
      line.ReceiptNo ?? '',
      translateAccount(t as never, line.TrsAccount),
      translateLedgerText(t as never, line.TransactionDetails),
      line.Debit ? formatAmount(cents(line.Debit)) : '',
      line.Credit ? formatAmount(cents(line.Credit)) : '',
      formatRunningBalance(cents(line.Balance), credit),
    ]);
  }
  doc.moveDown();
  const balance = cents(tenancy.RentBalance);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      s('balanceDue', { balance: formatBalance(balance, credit) }),
      doc.page.margins.left,
    );
  doc.end();
  return done;
}
