import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUpToDate, monthLapse } from './balance';

describe('monthLapse', () => {
  it.each([
    [0, 10_000, 0],
    [-5_000, 10_000, 0],
    [10_000, 10_000, 1],
    [10_001, 10_000, 2],
    [5_000, 10_000, 1],
    [30_000, 10_000, 3],
  ])('balance %d on rent %d → %d months', (balance, rent, months) => {
    expect(monthLapse(balance, rent)).toBe(months);
  });

  it('never undercounts: lapse × rent covers the balance, one month less does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 7 }), (balance, rent) => {
        const lapse = monthLapse(balance, rent);
        expect(lapse * rent).toBeGreaterThanOrEqual(balance);
        expect((lapse - 1) * rent).toBeLessThan(balance);
      }),
    );
  });

  it('calls zero or less up to date', () => {
    expect(isUpToDate(0)).toBe(true);
    expect(isUpToDate(-1)).toBe(true);
    expect(isUpToDate(1)).toBe(false);
  });
});
