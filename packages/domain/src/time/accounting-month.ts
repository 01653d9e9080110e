import { ACCOUNTING_TIME_ZONE } from '../constants/limits';

/** The first day ('YYYY-MM-01') of the calendar month `at` falls in, in Africa/Nairobi. */
export function accountingMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ACCOUNTING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}-01`;
}

// Built once: a formatter costs far more to make than to use, and an export formats thousands of days.
const NAIROBI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: ACCOUNTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day ('YYYY-MM-DD') `at` falls on, in Africa/Nairobi. */
export function accountingDate(at: Date): string {
  return NAIROBI_DAY.format(at);
}

/** The first moment of an accounting month ('YYYY-MM-01'): midnight in Nairobi. */
export function monthStart(month: string): Date {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1) - NAIROBI_OFFSET_MS);
}

/** 'November 2026' for '2026-11-01'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '2026-12-01' → '2027-01-01'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m!, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** Every month from `first` to `last`, both included ('YYYY-MM-01' each). */
export function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** 'December 2026 and January 2027'; 'May, June and July 2026' is not attempted: each month is named in full. */
export function monthsLabel(months: readonly string[]): string {
  const labels = months.map(monthLabel);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** The first moment of the month after `at`'s accounting month, at `minutes` past midnight, Nairobi (UTC+3, no summer time). */
export function startOfNextMonth(at: Date, minutes = 0): Date {
  const [y, m] = nextMonth(accountingMonth(at)).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1, 0, minutes) - NAIROBI_OFFSET_MS);
}

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
