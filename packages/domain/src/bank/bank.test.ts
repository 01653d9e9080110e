import { describe, expect, it } from 'vitest';
import { BANK_PRESET_COLUMNS } from './presets';
import { depositorReferenceOf, parseBankAmount, parseBankDate, parseBankStatement } from './statement';

describe('bank statement reading', () => {
  it('reads DD/MM/YYYY days and refuses days that do not exist', () => {
    expect(parseBankDate('05/02/2025')).toBe('2025-02-05');
    expect(parseBankDate('5/2/2025 10:22')).toBe('2025-02-05');
    expect(parseBankDate('31/02/2025')).toBeNull();
    expect(parseBankDate('2025-02-05')).toBeNull();
  });

  it('reads KShs amounts', () => {
    expect(parseBankAmount('KShs 1,234.00')).toBe(123_400);
    expect(parseBankAmount('KES 15,000.5')).toBe(1_500_050);
    expect(parseBankAmount('2,000.00')).toBe(200_000);
    expect(parseBankAmount('lots')).toBeNull();
  });

  it("takes the account after '#' in an Equity 247247 narrative, else the depositor's reference", () => {
    expect(depositorReferenceOf('', 'MPS 2547XXXXX123 SKL2ABC 0123456789#A4 JANE W')).toBe('A4');
    expect(depositorReferenceOf('101-B2', 'CASH DEPOSIT')).toBe('101-B2');
    expect(depositorReferenceOf('', 'B7')).toBe('B7');
  });

  it('finds the header under the account details, skips money out and names unreadable rows', () => {
    const rows = [
      ['Account Name', 'MAKAZI AGENCY CLIENT A/C'],
      ['Transaction Date', 'Value Date', 'Narrative', 'Transaction Reference', 'Debit', 'Credit', 'Running Balance'],
      ['02/01/2025', '02/01/2025', 'CASH DEP #A1', 'FT2500001', '', 'KShs 10,000.00', ''],
      ['03/01/2025', '03/01/2025', 'CHARGES', 'FT2500002', 'KShs 50.00', '', ''],
      ['04/01/2025', '04/01/2025', 'CASH DEP #A2', 'FT2500003', '', 'KShs lots', ''],
      ['40/01/2025', '04/01/2025', 'CASH DEP #A2', 'FT2500004', '', 'KShs 5.00', ''],
      ['05/01/2025', '05/01/2025', 'CASH DEP #A3', 'FT2500001', '', 'KShs 5.00', ''],
    ];
    const parsed = parseBankStatement(rows, BANK_PRESET_COLUMNS.equity);
    expect(parsed.deposits).toEqual([
      { reference: 'FT2500001', day: '2025-01-02', amountCents: 1_000_000, accountReference: 'A1', narrative: 'CASH DEP #A1' },
    ]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.problems.map((p) => [p.line, p.reason])).toEqual([
      [5, 'The amount is not an amount in shillings'],
      [6, 'The date is not a DD/MM/YYYY date'],
      [7, 'The bank reference appears twice in the file'],
    ]);
  });

  it('names a row with more cells than its header, as when an amount with a comma was not put in quotes', () => {
    const rows = [
      ['Transaction Date', 'Value Date', 'Narrative', 'Transaction Reference', 'Debit', 'Credit', 'Running Balance'],
      // "KShs 5,000.00" written bare in a CSV: split at the comma, Credit reads 5 shillings.
      ['02/01/2025', '02/01/2025', 'CASH DEP #A1', 'FT2500001', '', 'KShs 5', '000.00', 'KShs 5000.00'],
      ['03/01/2025', '03/01/2025', 'CASH DEP #A2', 'FT2500002', '', 'KShs 7,000.00', 'KShs 12000.00', '', ''],
    ];
    const parsed = parseBankStatement(rows, BANK_PRESET_COLUMNS.equity);
    expect(parsed.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, 'The row has more cells than the header: put an amount with a comma in quotes ("5,000.00")'],
    ]);
    // Empty cells past the header's end (as spreadsheets write them) are no problem.
    expect(parsed.deposits.map((d) => d.amountCents)).toEqual([700_000]);
  });

  it('refuses a file without the mapped columns', () => {
    expect(() => parseBankStatement([['Date', 'Amount']], BANK_PRESET_COLUMNS.kcb)).toThrow(/No header row/);
  });
});
