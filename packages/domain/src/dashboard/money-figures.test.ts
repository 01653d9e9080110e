import { describe, expect, it } from 'vitest';

import { accountingDate, accountingMonth, monthStart } from '../time/accounting-month';
import { arrearsAgeOf, collectionRate, occupancyRate } from './money-figures';

describe('arrears ages', () => {
  it('puts 30 days in the first band, 31 in the second, 90 in the third and 91 over 90', () => {
    expect([-3, 0, 30, 31, 60, 61, 90, 91, 400].map(arrearsAgeOf)).toEqual([
      'days0to30',
      'days0to30',
      'days0to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
      'over90',
    ]);
  });
});

describe('rates', () => {
  it('collection rounds down, passes 100 for arrears paid, and is null with nothing charged', () => {
    expect(collectionRate(1_000_000, 999_999)).toBe(99);
    expect(collectionRate(1_000_000, 1_500_000)).toBe(150);
    expect(collectionRate(0, 50_000)).toBeNull();
  });

  it('occupancy of a property without houses is 0', () => {
    expect(occupancyRate(2, 3)).toBe(66);
    expect(occupancyRate(0, 0)).toBe(0);
  });
});

describe('Nairobi days and months', () => {
  it('a month starts at midnight Nairobi, 21:00 UTC the day before', () => {
    expect(monthStart('2026-12-01').toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(accountingMonth(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-01');
    expect(accountingMonth(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
    expect(accountingDate(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
    expect(accountingDate(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
  });
});
