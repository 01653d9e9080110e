import { describe, expect, it } from 'vitest';
import { recurringChargeFromMonth } from './charges';

describe('a new recurring charge is billed from (decision 047)', () => {
  it('the next month when created after the 1st', () => {
    expect(recurringChargeFromMonth(new Date('2026-11-28T09:00:00+03:00'))).toBe('2026-12-01');
    expect(recurringChargeFromMonth(new Date('2026-12-02T00:00:00+03:00'))).toBe('2027-01-01');
  });

  it('this month when created on its 1st, Nairobi time', () => {
    expect(recurringChargeFromMonth(new Date('2026-11-01T00:00:00+03:00'))).toBe('2026-11-01');
    // 31 October 22:00 UTC is already 1 November in Nairobi.
    expect(recurringChargeFromMonth(new Date('2026-10-31T22:00:00Z'))).toBe('2026-11-01');
    // 1 November 21:30 UTC is already the 2nd in Nairobi.
    expect(recurringChargeFromMonth(new Date('2026-11-01T21:30:00Z'))).toBe('2026-12-01');
  });
});
