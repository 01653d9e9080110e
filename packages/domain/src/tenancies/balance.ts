import type { Cents } from '../money/money';

/**
 * Months in arrears: rent arrears over the monthly rent, rounded up — half a
 * month unpaid is a month in arrears. Zero or less means up to date. Only rent
 * counts: a deposit owed is shown apart (docs/money.md#monthlapse).
 */
export function monthLapse(rentArrears: Cents, rent: Cents): number {
  if (rentArrears <= 0 || rent <= 0) return 0;
  return Math.ceil(rentArrears / rent);
}

export function isUpToDate(lapse: number): boolean {
  return lapse <= 0;
}

/** What a tenancy's two sub-accounts and its held deposit come to, as the screens show them. */
export interface TenancyMoney {
  /** Everything owed, both sub-accounts (positive: arrears; negative: paid ahead). */
  balance: Cents;
  /** The deposit sub-account: deposit charged less deposit paid. */
  depositDue: Cents;
  /** Deposit money the agency holds for the tenancy. */
  depositHeld: Cents;
}

/** The rent sub-account: the total owed less the deposit still owed. */
export function rentArrears(m: Pick<TenancyMoney, 'balance' | 'depositDue'>): Cents {
  return m.balance - m.depositDue;
}

/**
 * Settling an ended tenancy: how much of the held deposit goes to rent arrears
 * (never more than is held or owed) and how much may then be refunded.
 */
export function depositSettlement(m: TenancyMoney): { apply: Cents; refundable: Cents } {
  const held = Math.max(m.depositHeld, 0);
  const apply = Math.min(held, Math.max(rentArrears(m), 0));
  return { apply, refundable: held - apply };
}
