import { formatAmount, formatKsh, type Cents } from './money';

/**
 * The names of a tenancy's money figures, the same on every screen and paper
 * (docs/money.md#the-figures-by-name). The API's field names (RentBalance,
 * DepositDue, DepositHeld) stay as SPEC has them; these are what a person reads.
 */
export const MONEY_FIGURES = {
  /** RentBalance: everything owed, rent, deposit and other charges together. */
  balanceDue: 'Balance due',
  /** Rent alone: RentBalance less DepositDue less ChargesDue, never below 0. The dashboard's arrears, its age table's sum. */
  rentArrears: 'Rent arrears',
  /** Owed on charges other than rent and the deposit (service charge, water, penalties), shown apart from rent. */
  chargesDue: 'Other charges owed',
  /** Money paid beyond what is owed (RentBalance below 0), written as a positive amount. */
  inCredit: 'In credit',
  depositDue: 'Deposit still owed',
  depositHeld: 'Deposit held',
  monthsInArrears: 'Months in arrears',
} as const;

/** The one word for money paid beyond what is owed: 'Ksh 3,000.00 in credit'. */
export const inCredit = (amount: string): string => `${amount} in credit`;

/**
 * A balance as every screen, paper and list writes it: an amount owed plainly,
 * an overpayment as the amount "in credit", never with a minus sign or in
 * brackets. `credit` says it in the reader's language (the catalogue's inCredit).
 */
export function formatBalance(cents: Cents, credit: (amount: string) => string = inCredit): string {
  return cents < 0 ? credit(formatKsh(-cents)) : formatKsh(cents);
}

/** A running balance in a statement's column: the same as formatBalance, without the currency. */
export function formatRunningBalance(cents: Cents, credit: (amount: string) => string = inCredit): string {
  return cents < 0 ? credit(formatAmount(-cents)) : formatAmount(cents);
}

/**
 * A balance split for a spreadsheet: what is owed and what is in credit, each
 * zero or above, so a sheet computes with them and no minus sign appears.
 */
export function balanceColumns(cents: Cents): { due: Cents; inCredit: Cents } {
  return { due: Math.max(cents, 0), inCredit: Math.max(-cents, 0) };
}

/** Rent arrears as the dashboard counts them: rent alone, what is owed beyond the deposit and the other charges still owed, never below 0. */
export function rentArrearsOf(balance: Cents, depositDue: Cents, chargesDue: Cents = 0): Cents {
  return Math.max(balance - depositDue - chargesDue, 0);
}
