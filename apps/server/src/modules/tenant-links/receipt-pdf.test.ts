import type { StatementLine } from '@makazi/domain';
import { describe, expect, it } from 'vitest';

import { pdfWords } from '../../test/pdf-text';
import { receiptPdf } from './receipt-pdf';

const line: StatementLine = {
  TransactionId: 9,
  ReceiptNo: 'RCT-000009',
  TrsAccount: 'Rent',
  TransactionDate: '2026-11-02T08:05:00.000Z',
  TransactionDetails: 'Rent for November 2026',
  Credit: 15000,
  Debit: 0,
  Balance: -1200,
  Reversible: true,
  AppliedTo: 'Rent for November 2026 15,000.00',
};
const receipt = { agencyName: 'Baraka Homes', tenantName: 'Wanjiku Kamau', house: 'A4', property: 'Baraka Court', line };

describe('the receipt PDF', () => {
  it("is written in the tenant's language: headings, the ledger's words and what the receipt paid, dates dd/mm/yyyy", async () => {
    const words = pdfWords(await receiptPdf(receipt, 'sw'));
    expect(words).toContain('Risiti rasmi');
    expect(words).toContain('02/11/2026 11:05');
    expect(words).toContain('Kodi ya Novemba 2026');
    expect(words).toContain('Kiasi: Ksh 15,000.00');
    expect(words).not.toMatch(/Rent|November|Nov 2026/);
  });

  it('in English keeps the same figures and dates', async () => {
    const words = pdfWords(await receiptPdf(receipt, 'en'));
    expect(words).toContain('02/11/2026 11:05');
    expect(words).toContain('Rent for November 2026');
    expect(words).toContain('Ksh 15,000.00');
  });

  it("prints a water line's meter readings with an arrow the standard font can write, never a stray glyph", async () => {
    const water: StatementLine = {
      ...line,
      TrsAccount: 'Water',
      TransactionDetails: 'Water: 12 units × Ksh 150.00 (1,234 → 1,246)',
      AppliedTo: 'Water: 12 units × Ksh 150.00 (1,234 → 1,246) 1,800.00',
    };
    const words = pdfWords(await receiptPdf({ ...receipt, line: water }, 'en'));
    expect(words).toContain('(1,234 -> 1,246)');
    expect(words).not.toContain('!');
  });
});
