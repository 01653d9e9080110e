import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addYears,
  nextAnniversary,
  rentNoticeDay,
  reviewEffectiveMonth,
  reviewedRent,
  ScheduleRentReviewRequest,
  UpdateRentReviewRequest,
} from './rent-review';

describe('reviewEffectiveMonth: the first whole month on or after the date', () => {
  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026-03-02', '2026-04-01'],
    ['2026-03-31', '2026-04-01'],
    ['2026-12-15', '2027-01-01'],
    ['2028-02-29', '2028-03-01'],
  ])('%s → %s', (day, month) => expect(reviewEffectiveMonth(day)).toBe(month));
});

describe('reviewedRent: to the cent, half up', () => {
  it.each([
    [1_500_000, { percentBp: 750, increaseCents: null }, 1_612_500],
    [1_033_333, { percentBp: 500, increaseCents: null }, 1_085_000],
    [1_000_001, { percentBp: 50, increaseCents: null }, 1_005_001],
    [1_000_100, { percentBp: 50, increaseCents: null }, 1_005_101],
    [1_500_000, { percentBp: null, increaseCents: 100_050 }, 1_600_050],
    [1_000_000, { percentBp: 10_000, increaseCents: null }, 2_000_000],
  ] as const)('%i with %o → %i', (rent, increase, expected) => expect(reviewedRent(rent, increase)).toBe(expected));

  it('never lowers the rent and is within half a cent of the exact figure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 1, max: 10_000 }), (rent, bp) => {
        const next = reviewedRent(rent, { percentBp: bp, increaseCents: null });
        expect(next).toBeGreaterThanOrEqual(rent);
        expect(Math.abs(next * 10000 - rent * (10000 + bp))).toBeLessThanOrEqual(5000);
      }),
    );
  });
});

describe('anniversaries', () => {
  it('moves a day by years, 29 February to the 28th', () => {
    expect(addYears('2025-06-15', 1)).toBe('2026-06-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });
  it('finds the first anniversary on or after a day, never the start itself', () => {
    expect(nextAnniversary('2025-06-15', '2025-06-15')).toBe('2026-06-15');
    expect(nextAnniversary('2025-06-15', '2026-06-15')).toBe('2026-06-15');
    expect(nextAnniversary('2025-06-15', '2026-06-16')).toBe('2027-06-15');
    expect(nextAnniversary('2020-01-10', '2026-11-24')).toBe('2027-01-10');
  });
  it('tells the tenant 30 days before the new rent is charged', () => {
    expect(rentNoticeDay('2027-01-01')).toBe('2026-12-02');
    expect(rentNoticeDay('2026-03-01')).toBe('2026-01-30');
  });
});

describe('review requests', () => {
  const base = { managingAgentId: 1, TenancyId: 5001, Date: '2026-12-01' };
  it('takes a percentage or an amount, not both, not neither', () => {
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Percent: 7.5 }).success).toBe(true);
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Amount: '1,000' }).data?.Amount).toBe(100_000);
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Percent: 5, Amount: '1,000' }).success).toBe(false);
    expect(ScheduleRentReviewRequest.safeParse(base).success).toBe(false);
  });
  it.each([0, -5, 100.01, 7.555, 'ten'])('refuses the percentage %s', (Percent) => {
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Percent }).success).toBe(false);
  });
  it.each(['0', '-100', '1.234'])('refuses the amount %s', (Amount) => {
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Amount }).success).toBe(false);
  });
  it('needs a real date unless it is on the anniversary', () => {
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Date: '2026-02-30', Percent: 5 }).success).toBe(false);
    expect(ScheduleRentReviewRequest.safeParse({ ...base, Date: '01/12/2026', Percent: 5 }).success).toBe(false);
    expect(ScheduleRentReviewRequest.safeParse({ managingAgentId: 1, TenancyId: 5001, Percent: 5 }).success).toBe(false);
    expect(ScheduleRentReviewRequest.safeParse({ managingAgentId: 1, TenancyId: 5001, On: 'anniversary', Percent: 5 }).success).toBe(true);
    expect(UpdateRentReviewRequest.safeParse({ managingAgentId: 1, ReviewId: 3, Percent: 5 }).success).toBe(false);
  });
});
