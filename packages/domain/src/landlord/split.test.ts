import { describe, expect, it } from 'vitest';
import { formatPercent, rentCollected, shareOf, splitCollection } from './split';

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
