import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareFeeTransfer } from './fee-transfers';

describe('a fees transfer shared among landlords', () => {
  it('adds up to the amount, takes from nobody more than they have not taken, and never from a landlord at or below zero', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ landlordNo: fc.integer({ min: 1, max: 10_000 }), notTaken: fc.integer({ min: -1_000_000, max: 100_000_000_000 }) }), {
          selector: (l) => l.landlordNo,
          maxLength: 12,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (landlords, fraction) => {
          const available = landlords.reduce((s, l) => s + Math.max(0, l.notTaken), 0);
          const amount = Math.floor(available * fraction);
          const shares = shareFeeTransfer(amount, landlords);
          expect(shares.reduce((s, p) => s + p.amount, 0)).toBe(available === 0 ? 0 : amount);
          for (const share of shares) {
            const own = landlords.find((l) => l.landlordNo === share.landlordNo)!;
            expect(share.amount).toBeGreaterThan(0);
            expect(share.amount).toBeLessThanOrEqual(own.notTaken);
          }
        },
      ),
    );
  });

  it('in proportion: 1,500 of 2,000 and 1,000 is 1,000 and 500; odd cents to the largest remainders, ties to the lower number', () => {
    expect(shareFeeTransfer(150_000, [{ landlordNo: 7, notTaken: 200_000 }, { landlordNo: 3, notTaken: 100_000 }])).toEqual([
      { landlordNo: 3, amount: 50_000 },
      { landlordNo: 7, amount: 100_000 },
    ]);
    expect(shareFeeTransfer(2, [{ landlordNo: 9, notTaken: 5 }, { landlordNo: 4, notTaken: 5 }, { landlordNo: 6, notTaken: 5 }])).toEqual([
      { landlordNo: 4, amount: 1 },
      { landlordNo: 6, amount: 1 },
    ]);
  });
});
