import { describe, expect, it } from 'vitest';
import { chargeCollected, commissionKindOf, formatPercent, passedOnShare, rentCollected, shareOf, splitCollection } from './split';

describe('splitting rent collected', () => {
  it('takes 10% commission and 7.5% tax from Ksh 20,000, leaving the landlord Ksh 16,500', () => {
    expect(splitCollection(2_000_000, { commissionBp: 1000, taxBp: 750 })).toEqual({
      gross: 2_000_000,
      commission: 200_000,
      tax: 150_000,
      landlord: 1_650_000,
    });
  });

  it('rounds each share half up to the cent and the three always add up', () => {
    expect(shareOf(1, 5000)).toBe(1);
    expect(shareOf(3, 1250)).toBe(0);
    expect(shareOf(333, 750)).toBe(25);
    for (const gross of [1, 7, 99, 12345, 700_001]) {
      const s = splitCollection(gross, { commissionBp: 1234, taxBp: 750 });
      expect(s.commission + s.tax + s.landlord).toBe(gross);
    }
  });

  it('mirrors a negative amount exactly', () => {
    const up = splitCollection(12345, { commissionBp: 1234, taxBp: 750 });
    const down = splitCollection(-12345, { commissionBp: 1234, taxBp: 750 });
    expect(down).toEqual({ gross: -12345, commission: -up.commission, tax: -up.tax, landlord: -up.landlord });
  });
});

describe('rent counted as collected', () => {
  it('is what was paid towards rent charged, never the credit paid ahead', () => {
    expect(rentCollected(1_000_000, 400_000)).toBe(600_000);
    expect(rentCollected(1_000_000, 0)).toBe(1_000_000);
    expect(rentCollected(1_000_000, -300_000)).toBe(1_000_000);
    expect(rentCollected(0, -300_000)).toBe(0);
    expect(rentCollected(1_000_000, 1_200_000)).toBe(0);
  });

  it('shows percentages with two decimals', () => {
    expect(formatPercent(1000)).toBe('10.00');
    expect(formatPercent(1234)).toBe('12.34');
    expect(formatPercent(5)).toBe('0.05');
  });
});

describe('charges besides rent', () => {
  it('count what was charged less what stays owed; rent keeps its credit apart', () => {
    expect(chargeCollected('charge:7', 100_000, 40_000)).toBe(60_000);
    expect(chargeCollected('water', 100_000, 0)).toBe(100_000);
    // A paid penalty waived: the money stays counted, the tenant's balance shows it paying what follows.
    expect(chargeCollected('penalty', 0, -50_000)).toBe(50_000);
    expect(chargeCollected('rent', 0, -50_000)).toBe(0);
  });

  it('pass through whole, or not at all, or in the share charged so', () => {
    expect(passedOnShare(30_000, 30_000, 30_000)).toBe(30_000);
    expect(passedOnShare(30_000, 30_000, 0)).toBe(0);
    expect(passedOnShare(30_000, 60_000, 30_000)).toBe(15_000);
    expect(passedOnShare(1, 3, 1)).toBe(0);
  });

  it('name their commission kind', () => {
    expect(['rent', 'water', 'penalty', 'charge:12', 'deposit'].map(commissionKindOf)).toEqual(['rent', 'water', 'penalty', 'service', null]);
  });
});
