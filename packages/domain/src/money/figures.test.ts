import { describe, expect, it } from 'vitest';
import { balanceColumns, formatBalance, formatRunningBalance, MONEY_FIGURES, rentArrearsOf } from './figures';

describe('the money figures', () => {
  it('writes an overpayment one way: the amount in credit, no sign, no brackets', () => {
    expect(formatBalance(-300_000)).toBe('Ksh 3,000.00 in credit');
    expect(formatBalance(1_500_050)).toBe('Ksh 15,000.50');
    expect(formatBalance(0)).toBe('Ksh 0.00');
    expect(formatRunningBalance(-949_950)).toBe('9,499.50 in credit');
    expect(formatRunningBalance(250_050)).toBe('2,500.50');
    expect(formatRunningBalance(0)).toBe('0.00');
    expect(formatRunningBalance(-1)).toBe('0.01 in credit');
    expect(formatBalance(-1)).toBe('Ksh 0.01 in credit');
    expect(formatBalance(-100, (a) => `${a} ziada kwako`)).toBe('Ksh 1.00 ziada kwako');
  });

  it('counts rent arrears beyond the deposit still owed, never below 0', () => {
    expect(rentArrearsOf(1_500_050, 1_250_000)).toBe(250_050);
    expect(rentArrearsOf(1_000_000, 2_000_000)).toBe(0);
    expect(rentArrearsOf(-300_000, 0)).toBe(0);
    expect(rentArrearsOf(3_330_000, 0, 830_000)).toBe(2_500_000);
  });

  it('splits a balance for a spreadsheet into owed and in credit, each zero or above', () => {
    expect(balanceColumns(1_500_050)).toEqual({ due: 1_500_050, inCredit: 0 });
    expect(balanceColumns(-300_000)).toEqual({ due: 0, inCredit: 300_000 });
    expect(balanceColumns(0)).toEqual({ due: 0, inCredit: 0 });
  });

  it('names the figures as docs/money.md does', () => {
    expect(MONEY_FIGURES).toEqual({
      balanceDue: 'Balance due',
      rentArrears: 'Rent arrears',
      chargesDue: 'Other charges owed',
      inCredit: 'In credit',
      depositDue: 'Deposit still owed',
      depositHeld: 'Deposit held',
      monthsInArrears: 'Months in arrears',
    });
  });
});
