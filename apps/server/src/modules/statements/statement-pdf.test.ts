import { inflateSync } from 'node:zlib';
import type { StatementLine, Tenancy } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import { statementPdf } from './pdf';

/** The words a PDF draws: pdfkit writes standard-font text as hex strings inside deflated streams. */
function pdfWords(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
      text += Buffer.from(hex[1]!, 'hex').toString('latin1');
    text += ' ';
  }
  return text;
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

describe('the statement PDF', () => {
  it('is written in the language asked for, money and dates the same in both', async () => {
    const sw = pdfWords(await statementPdf(tenancy, lines, new Date('2026-11-21T09:00:00Z'), 'sw'));
    expect(sw).toContain('Taarifa ya akaunti ya mpangaji');
    expect(sw).toContain('Ksh 25,000.00 kwa mwezi');
    expect(sw).toContain('kuanzia 01/03/2026');
    expect(sw).toContain('Salio linalodaiwa: Ksh 25,000.00');
    expect(sw).not.toContain('Tenant financial statement');

    const en = pdfWords(await statementPdf(tenancy, lines, new Date('2026-11-21T09:00:00Z'), 'en'));
    expect(en).toContain('Tenant financial statement');
    expect(en).toContain('Ksh 25,000.00 per month');
    expect(en).toContain('from 01/03/2026');
  });

  it("writes the ledger's own words (accounts, rent months, reversals) in Kiswahili, what the office typed as typed", async () => {
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
    const en = pdfWords(await statementPdf(tenancy, statement, new Date('2026-11-21T09:00:00Z'), 'en'));
    expect(en).toContain('Rent for November 2026');
  });
});
