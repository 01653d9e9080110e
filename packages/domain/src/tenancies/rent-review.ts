import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { LIMITS } from '../constants/limits';
import type { BasisPoints } from '../landlord/split';
import type { Cents } from '../money/money';
import { MoneyAmount } from '../properties/property';
import { RENT_REVIEW_MESSAGES } from './rent-review-messages';
export { RENT_REVIEW_MESSAGES } from './rent-review-messages';

/** How many days before the new rent takes effect the tenant is told. */
export const RENT_NOTICE_DAYS = 30;

/** A day 'YYYY-MM-DD' as a UTC midnight, for calendar arithmetic only (no time zone enters). */
function utcDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The month a review's new rent is first charged for: the first whole month
 * on or after its date. A review dated the 1st takes that month; one dated
 * the 2nd or later takes the next month, so no month is charged at two rents
 * and nothing is pro-rated.
 */
export function reviewEffectiveMonth(day: string): string {
  const d = utcDay(day);
  if (d.getUTCDate() === 1) return isoDay(d);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** `day` moved `years` on; 29 February falls back to the 28th in a year without one. */
export function addYears(day: string, years: number): string {
  const d = utcDay(day);
  const y = d.getUTCFullYear() + years;
  const lastOfMonth = new Date(Date.UTC(y, d.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, d.getUTCMonth(), Math.min(d.getUTCDate(), lastOfMonth))));
}

/** The first anniversary of a tenancy's start (its Nairobi day) falling on or after `from`: never the start itself. */
export function nextAnniversary(startDay: string, from: string): string {
  let years = Math.max(1, Number(from.slice(0, 4)) - Number(startDay.slice(0, 4)));
  while (addYears(startDay, years) < from) years += 1;
  return addYears(startDay, years);
}

/** The day the tenant is told: 30 days before the first day the new rent is charged for. */
export function rentNoticeDay(effectiveMonth: string): string {
  const d = utcDay(effectiveMonth);
  d.setUTCDate(d.getUTCDate() - RENT_NOTICE_DAYS);
  return isoDay(d);
}

export type RentIncrease = { percentBp: BasisPoints; increaseCents: null } | { percentBp: null; increaseCents: Cents };

/**
 * The rent after an increase, to the cent: a percentage rounds half up
 * (Ksh 15,000.00 + 7.5% = Ksh 16,125.00; Ksh 10,333.33 + 5% = Ksh 10,850.00
 * from 10,849.9965), integer arithmetic only.
 */
export function reviewedRent(rent: Cents, increase: RentIncrease): Cents {
  if (increase.percentBp !== null) return Math.floor((rent * (10000 + increase.percentBp) + 5000) / 10000);
  return rent + increase.increaseCents;
}

/** Whether a rent is within what the ledger takes in one entry. */
export function rentWithinLimit(rent: Cents): boolean {
  return rent <= LIMITS.maxAmountCents;
}

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const id = (message: string) => z.coerce.number({ error: message }).int().positive(message);
const isoDate = calendarDay(RENT_REVIEW_MESSAGES.dateRequired);

const terms = {
  /** Percent of the rent in force before the review, up to two decimals (7.5 is 7.5%). */
  Percent: z.coerce
    .number({ error: RENT_REVIEW_MESSAGES.percent })
    .gt(0, RENT_REVIEW_MESSAGES.percent)
    .max(100, RENT_REVIEW_MESSAGES.percent)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, RENT_REVIEW_MESSAGES.percent)
    .optional(),
  /** A fixed increase in Ksh. */
  Amount: MoneyAmount(RENT_REVIEW_MESSAGES.amountPositive)
    .refine((c) => c > 0, RENT_REVIEW_MESSAGES.amountPositive)
    .optional(),
  /** true: the same increase again every year on this date's anniversary, until cancelled. */
  Yearly: z.boolean().default(false),
};
const oneBasis = (r: { Percent?: number; Amount?: number }) => (r.Percent == null) !== (r.Amount == null);

export const RentReviewsQuery = z.object({
  managingAgentId: agentId,
  tenancyId: id(RENT_REVIEW_MESSAGES.tenancyRequired),
});

export const ScheduleRentReviewRequest = z
  .object({
    managingAgentId: agentId,
    TenancyId: id(RENT_REVIEW_MESSAGES.tenancyRequired),
    /** 'anniversary': the next anniversary of the tenancy's start not yet charged; 'date': `Date`. */
    On: z.enum(['anniversary', 'date']).default('date'),
    Date: isoDate.optional(),
    ...terms,
  })
  .refine(oneBasis, { message: RENT_REVIEW_MESSAGES.basis, path: ['Percent'] })
  .refine((r) => r.On === 'anniversary' || r.Date !== undefined, {
    message: RENT_REVIEW_MESSAGES.dateRequired,
    path: ['Date'],
  });
export type ScheduleRentReviewRequest = z.input<typeof ScheduleRentReviewRequest>;

export const UpdateRentReviewRequest = z
  .object({
    managingAgentId: agentId,
    ReviewId: id(RENT_REVIEW_MESSAGES.reviewNotFound),
    Date: isoDate,
    ...terms,
  })
  .refine(oneBasis, { message: RENT_REVIEW_MESSAGES.basis, path: ['Percent'] });
export type UpdateRentReviewRequest = z.input<typeof UpdateRentReviewRequest>;

export const CancelRentReviewRequest = z.object({
  managingAgentId: agentId,
  ReviewId: id(RENT_REVIEW_MESSAGES.reviewNotFound),
});

export const RentReviewSaved = z.object({ message: z.string(), ReviewId: z.number() });

export const RentHistoryRow = z.object({
  /** The first month charged at `Rent` ('YYYY-MM-01'). */
  FromMonth: z.string(),
  Rent: z.number(),
  /** Null for the rent the tenancy started at. */
  ReviewId: z.number().nullable(),
  ReviewDate: z.string().nullable(),
  Percent: z.number().nullable(),
  Increase: z.number().nullable(),
  Yearly: z.boolean(),
  /** 'charged': months at this rent are on the books; 'scheduled': it may still be changed or cancelled. */
  Status: z.enum(['charged', 'scheduled']),
  /** The day the tenant is told (null for the starting rent), and whether the notice has been queued. */
  NoticeDay: z.string().nullable(),
  NoticeSent: z.boolean(),
});
export type RentHistoryRow = z.infer<typeof RentHistoryRow>;

export const RentHistory = z.object({
  TenancyId: z.number(),
  StartDate: z.string(),
  /** The rent charged for the current month (Nairobi). */
  CurrentRent: z.number(),
  /** The latest month whose rent is charged, or null. */
  ChargedThrough: z.string().nullable(),
  /** Whether the caller may schedule, change and cancel reviews here. */
  CanReview: z.boolean(),
  Rents: z.array(RentHistoryRow),
});
export type RentHistory = z.infer<typeof RentHistory>;
