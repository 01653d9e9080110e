import { ACCOUNTING_TIME_ZONE } from '../constants/limits';

/** The first day ('YYYY-MM-01') of the calendar month `at` falls in, in Africa/Nairobi. */
export function accountingMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ACCOUNTING_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}-01`;
}

/** 'November 2026' for '2026-11-01'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
