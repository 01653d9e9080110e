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

/** The rent sub-account: the total owed less the deposit and the other charges (service charge, penalties…) still owed. */
export function rentArrears(m: Pick<TenancyMoney, 'balance' | 'depositDue'> & { chargesDue?: Cents }): Cents {
  return m.balance - m.depositDue - (m.chargesDue ?? 0);
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

/**
 * The statement's words for a deposit that bounced after it was applied to
 * arrears at settlement: what it paid is owed again
 * (docs/decisions/034-credit-pays-every-kind.md).
 */
/** The statement's words for money held that paid other charges (or was taken back from them). */
export const CREDIT_APPLIED_DETAILS = 'Credit applied to charges';
export const DEPOSIT_SHORTFALL_DETAILS = 'Deposit applied to arrears but never received: owed again';

/** The statement's words for the entry that sets an ended tenancy's deposit owed to what is held. */
export const DEPOSIT_ADJUSTMENT_DETAILS = 'Deposit owed set to the deposit held at the end of the tenancy';

/**
 * The statement's words for deposit paid back to the tenant: it moves no
 * balance (the money was held, not credited), so the line says the amount, and
 * the deposit held falling to it is explained.
 */
export const depositRefundDetails = (details: string, amount: string): string =>
  `${details} (${amount} paid back from the deposit held)`;

/**
 * What ending a tenancy does to its deposit sub-account, so that the deposit
 * owed is exactly the deposit held: a deposit never paid is no longer owed
 * (`release`); a deposit paid above the charge (or paid after its charge was
 * reversed) is held as deposit, not counted again as credit (`absorb`), and
 * whatever of that is not held any more moves to the rent sub-account as
 * credit (`toRent`). A deposit paid back that then bounced leaves less than
 * nothing held: that much stays owed on the deposit (decision 034).
 */
export function depositTrueUp(m: TenancyMoney): { release: Cents; absorb: Cents; toRent: Cents } {
  if (m.depositDue >= 0) return { release: Math.max(m.depositDue - Math.max(-m.depositHeld, 0), 0), absorb: 0, toRent: 0 };
  const over = -m.depositDue;
  const absorb = Math.min(over, Math.max(m.depositHeld, 0));
  return { release: 0, absorb, toRent: over - absorb };
}

/**
 * A refund at the end of a tenancy: held deposit first, then the tenant's
 * credit (money paid beyond what was charged). Null when it is more than both.
 */
export function refundSplit(
  m: TenancyMoney,
  amount: Cents,
): { fromDeposit: Cents; fromCredit: Cents } | null {
  const held = Math.max(m.depositHeld, 0);
  const credit = Math.max(-m.balance, 0);
  if (amount <= 0 || amount > held + credit) return null;
  const fromDeposit = Math.min(amount, held);
  return { fromDeposit, fromCredit: amount - fromDeposit };
}
