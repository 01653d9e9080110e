import type { Cents } from '../money/money';

/**
 * Months in arrears: the balance over the monthly rent, rounded up — half a
 * month unpaid is a month in arrears. Zero or less means up to date.
 */
export function monthLapse(balance: Cents, rent: Cents): number {
  if (balance <= 0 || rent <= 0) return 0;
  return Math.ceil(balance / rent);
}

export function isUpToDate(lapse: number): boolean {
  return lapse <= 0;
}
