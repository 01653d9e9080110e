import { inflateSync } from 'node:zlib';
import { englishLeft, type StatementLine, type Tenancy } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { pdfWords } from '../../test/pdf-text';
import { statementPdf } from './pdf';

/**
 * Each run of text the PDF draws, where, and how wide (pdfkit's own font
 * metrics). pdfkit names fonts in the order first used: the statement opens in
 * Helvetica-Bold (F1), then Helvetica (F2).
 */
function pdfRuns(pdf: Buffer) {
  const measure = new PDFDocument({ size: 'A4' });
  const runs: { page: number; x: number; y: number; right: number; size: number; text: string }[] = [];
  const raw = pdf.toString('latin1');
  let page = 0;
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes('BT')) continue;
    page += 1;
    for (const bt of content.matchAll(/BT\s+1 0 0 1 ([\d.]+) ([\d.]+) Tm\s+\/F(\d) ([\d.]+) Tf\s+\[(.*?)\] TJ/g)) {
      const text = [...bt[5]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      const size = Number(bt[4]);
      measure.font(bt[3] === '1' ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
      const x = Number(bt[1]);
      runs.push({ page, x, y: Number(bt[2]), right: x + measure.widthOfString(text), size, text });
    }
  }
  return runs;
}

const tenancy = {
  TenancyId: 41,
  ClientNo: 1201,
  Tenant_name: 'Zawadi Achieng',
  House_number: 'A4',
  Property_name: 'Mwangaza Court',
  Area_Estate: 'Umoja',
  Town: 'Nairobi',
  StartDate: '2026-03-01T00:00:00.000Z',
  EndDate: null,
  Rent: 25000,
  DepositHeld: 25000,
  DepositDue: 0,
  RentBalance: 25000,
  ManagingAgentName: 'Baraka Agencies',
} as unknown as Tenancy;
const lines: StatementLine[] = [];

/** A statement line of 2 November 2026 with its account, details and amounts; the rest as the ledger writes it. */
const line = (TransactionId: number, TrsAccount: string, TransactionDetails: string, Debit: number, Credit: number) => ({
  TransactionId,
  TrsAccount,
  TransactionDetails,
  TransactionDate: '2026-11-02T08:00:00.000Z',
  Debit,
  Credit,
  Balance: 0,
  ReceiptNo: null,
  Reversible: false,
  AppliedTo: null,
});

describe('the statement PDF', () => {
  it('is written in the language asked for, money and dates the same in both', async () => {
    const sw = pdfWords(await statementPdf(tenancy, lines, new Date('2026-11-21T09:00:00Z'), 'sw'));
    expect(sw).toContain('Taarifa ya akaunti ya mpangaji');
    expect(sw).toContain('Ksh 25,000.00 kwa mwezi');
    expect(sw).toContain('kuanzia 01/03/2026');
    expect(sw).toContain('Salio la mwisho: Ksh 25,000.00');
    expect(sw).not.toContain('Tenant financial statement');

    const en = pdfWords(await statementPdf(tenancy, lines, new Date('2026-11-21T09:00:00Z'), 'en'));
    expect(en).toContain('Tenant financial statement');
    expect(en).toContain('Ksh 25,000.00 per month');
    expect(en).toContain('from 01/03/2026');
  });

  it('wraps long details within their row, never over the next one, and keeps every column on A4', async () => {
    const line = (id: number, details: string, credit: number, balance: number): StatementLine => ({
      TransactionId: 100_000 + id,
      ReceiptNo: `RCT-${String(id).padStart(6, '0')}`,
      TrsAccount: 'Rent',
      TransactionDate: '2026-11-02T06:00:00Z',
      TransactionDetails: details,
      Debit: 0,
      Credit: credit,
      Balance: balance,
      Reversible: false,
      AppliedTo: null,
    });
    const long = [
      line(1, 'Cash at the office, receipt book 0457', 25000, 0),
      line(2, 'Cheque Equity Bank', 1000000.5, -1000000.5),
      ...Array.from({ length: 60 }, (_, i) => line(3 + i, `Bank transfer ${i}, reference EQ${i}4455667788 from the tenant's employer`, 1, -1000001.5 - i)),
    ];
    const runs = pdfRuns(await statementPdf({ ...tenancy, RentBalance: -1000062.5 } as Tenancy, long, new Date('2026-11-21T09:00:00Z')));
    expect(runs.some((r) => r.text === 'Cheque Equity Bank')).toBe(true);
    expect(new Set(runs.map((r) => r.page)).size).toBeGreaterThan(1);
    // Two runs collide when they share a page, a line's height and some width.
    const collisions = runs.flatMap((a, i) =>
      runs
        .slice(i + 1)
        .filter((b) => a.page === b.page && Math.abs(a.y - b.y) < Math.min(a.size, b.size) && a.x < b.right && b.x < a.right)
        .map((b) => `${a.text} / ${b.text}`),
    );
    expect(collisions).toEqual([]);
    // Inside the right margin of A4 (595.28 pt less 50).
    expect(runs.filter((r) => r.right > 545.3).map((r) => r.text)).toEqual([]);
    // A receipt number, a transaction number and a running balance are never broken over two lines.
    expect(runs.filter((r) => r.text.startsWith('RCT-')).every((r) => /^RCT-\d{6}$/.test(r.text))).toBe(true);
    expect(runs.filter((r) => /^1000\d*$/.test(r.text)).every((r) => /^\d{6}$/.test(r.text))).toBe(true);
    expect(runs.some((r) => r.text.startsWith('1,000,000.50 in'))).toBe(true);
    // Each new page repeats the column headings.
    expect(runs.filter((r) => r.text === 'Details').length).toBe(new Set(runs.map((r) => r.page)).size);
    expect(runs.map((r) => r.text).join(' ')).toContain('Balance due: Ksh 1,000,062.50 in credit');
  });

  it("writes the ledger's own words (accounts, rent months, reversals) in Kiswahili, what the office typed as typed", async () => {
    const statement = [
      line(1, 'Deposit', 'Deposit', 25000, 0),
      line(2, 'Rent', 'Rent for November 2026', 25000, 0),
      line(3, 'Rent', 'Cash at the office', 0, 25000),
      line(4, 'Rent', 'Reversal of RCT-000003: typo', 25000, 0),
    ];
    const sw = pdfWords(await statementPdf(tenancy, statement, new Date('2026-11-21T09:00:00Z'), 'sw'));
    expect(sw).toContain('Kodi ya Novemba 2026');
    expect(sw).toContain('Amana');
    expect(sw).toContain('Cash at the office');
    expect(sw).toContain('Ubatilishaji wa RCT-000003: typo');
    expect(sw).not.toContain('Rent for November');
    const refund = pdfWords(
      await statementPdf(tenancy, [line(5, 'Deposit', 'Deposit refund: M-Pesa (Ksh 5,000.00 paid back from the deposit held)', 0, 0)], new Date(), 'sw'),
    );
    expect(refund).toContain('Marejesho ya amana: M-Pesa (zimerejeshwa Ksh 5,000.00 kutoka kwenye amana iliyoshikiliwa)');
    const en = pdfWords(await statementPdf(tenancy, statement, new Date('2026-11-21T09:00:00Z'), 'en'));
    expect(en).toContain('Rent for November 2026');
  });

  it('holds no English sentence the catalogue knows when the tenant reads Kiswahili: charges, penalties, water, refunds, reversals', async () => {
    const statement = [
      line(1, 'Deposit', 'Deposit', 25000, 0),
      line(2, 'Rent', 'Rent for November 2026', 25000, 0),
      line(3, 'Water', 'Water for November 2026', 1800, 0),
      line(4, 'Penalty', 'Late-payment penalty for November 2026', 500, 0),
      line(5, 'Penalty', 'Penalty waived: paid late by bank', 0, 500),
      line(6, 'Garbage', 'Garbage for November 2026', 300, 0),
      line(7, 'Rent', 'Deposit applied to arrears', 0, 5000),
      line(8, 'Deposit', 'Deposit refund: M-Pesa', 0, 0),
      line(9, 'Rent', 'Reversal of transaction 12: typed twice', 100, 0),
      line(10, 'Rent', 'M-Pesa Pay now', 0, 25000),
      line(11, 'Rent', 'Rent paid at the end of the tenancy', 0, 100),
    ];
    const words = (pdf: Buffer) => englishLeft(pdfRuns(pdf).map((r) => r.text));
    expect(words(await statementPdf(tenancy, statement, new Date('2026-11-21T09:00:00Z'), 'sw'))).toEqual([]);
    // The same check finds the English statement's sentences, so it can fail.
    const english = words(await statementPdf(tenancy, statement, new Date('2026-11-21T09:00:00Z'), 'en')).map((f) => f.text);
    expect(english).toEqual(expect.arrayContaining(['Tenant financial statement', 'Rent for November 2026']));
  });
});
