import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountingDate,
  accountingMonth,
  monthLabel,
  monthsFrom,
  monthsLabel,
  monthStart,
  nextMonth,
  startOfNextMonth,
} from './accounting-month';

/** Nairobi is UTC+3 all year: the oracle adds three hours and reads the UTC calendar, no Intl involved. */
const nairobi = (at: Date) => new Date(at.getTime() + 3 * 3_600_000);
const pad = (n: number) => String(n).padStart(2, '0');
const instants = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });

describe('the accounting month (Africa/Nairobi, by the calendar)', () => {
  it('puts the last evening hours of a month, UTC, into the next month', () => {
    expect(accountingMonth(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-01');
    expect(accountingMonth(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
    expect(accountingMonth(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(accountingDate(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
    expect(accountingDate(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
  });

  it('agrees with three hours added to UTC, at any moment', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const n = nairobi(at);
        expect(accountingMonth(at)).toBe(`${n.getUTCFullYear()}-${pad(n.getUTCMonth() + 1)}-01`);
        expect(accountingDate(at)).toBe(`${n.getUTCFullYear()}-${pad(n.getUTCMonth() + 1)}-${pad(n.getUTCDate())}`);
      }),
    );
  });

  it('starts a month at midnight in Nairobi, and the next one after it', () => {
    expect(monthStart('2026-11-01').toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(monthStart('2027-01-01').toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(startOfNextMonth(new Date('2026-12-15T09:00:00Z')).toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(startOfNextMonth(new Date('2026-11-30T21:30:00Z'), 5).toISOString()).toBe('2026-12-31T21:05:00.000Z');
    fc.assert(
      fc.property(instants, (at) => {
        const month = accountingMonth(at);
        const start = monthStart(month);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(startOfNextMonth(at).getTime()).toBeGreaterThan(at.getTime());
        expect(startOfNextMonth(at).getTime()).toBe(monthStart(nextMonth(month)).getTime());
        expect(accountingMonth(start)).toBe(month);
        expect(accountingMonth(new Date(start.getTime() - 1))).not.toBe(month);
      }),
    );
  });

  it('counts months across the year end, both ends included', () => {
    expect(nextMonth('2026-12-01')).toBe('2027-01-01');
    expect(nextMonth('2026-09-01')).toBe('2026-10-01');
    expect(monthsFrom('2026-11-01', '2027-02-01')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(monthsFrom('2026-11-01', '2026-11-01')).toEqual(['2026-11-01']);
    expect(monthsFrom('2026-12-01', '2026-11-01')).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.nat({ max: 40 }), (y, m, span) => {
        const last = new Date(Date.UTC(y, m - 1 + span, 1));
        const months = monthsFrom(`${y}-${pad(m)}-01`, `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-01`);
        expect(months).toHaveLength(span + 1);
      }),
    );
  });

  it('names months in full', () => {
    expect(monthLabel('2026-11-01')).toBe('November 2026');
    expect(monthsLabel([])).toBe('');
    expect(monthsLabel(['2026-12-01'])).toBe('December 2026');
    expect(monthsLabel(['2026-12-01', '2027-01-01'])).toBe('December 2026 and January 2027');
    expect(monthsLabel(['2026-10-01', '2026-11-01', '2026-12-01'])).toBe('October 2026, November 2026 and December 2026');
  });
});
