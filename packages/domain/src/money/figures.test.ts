import { describe, expect, it } from 'vitest';
import { formatBalance, formatRunningBalance, rentArrearsOf } from './figures';

describe('the money figures', () => {
  it('writes an overpayment one way: the amount in credit, no sign, no brackets', () => {
    expect(formatBalance(-300_000)).toBe('Ksh 3,000.00 in credit');
    expect(formatBalance(1_500_050)).toBe('Ksh 15,000.50');
    expect(formatBalance(0)).toBe('Ksh 0.00');
    expect(formatRunningBalance(-949_950)).toBe('9,499.50 in credit');
    expect(formatRunningBalance(250_050)).toBe('2,500.50');
    expect(formatBalance(-100, (a) => `${a} ziada kwako`)).toBe('Ksh 1.00 ziada kwako');
  });

  it('counts rent arrears beyond the deposit still owed, never below 0', () => {
    expect(rentArrearsOf(1_500_050, 1_250_000)).toBe(250_050);
    expect(rentArrearsOf(1_000_000, 2_000_000)).toBe(0);
    expect(rentArrearsOf(-300_000, 0)).toBe(0);
  });
});
