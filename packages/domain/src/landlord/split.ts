import type { Cents } from '../money/money';

/** Basis points: 10.00% is 1000. Percentages travel with two decimals, so basis points hold them exactly. */
export type BasisPoints = number;

/**
 * The charge kinds an agreement may take commission on; rent by default.
 * `service` is every recurring charge of the property (service charge,
 * garbage, security), `water` the metered water, `penalty` late-payment
 * penalties. A pass-through charge never carries commission: its money is
 * owed onward whole.
 */
export const COMMISSION_KINDS = ['rent', 'service', 'water', 'penalty'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** The kind of a tenant's sub-account for commission: 'charge:<id>' is a recurring charge. */
export function commissionKindOf(subAccount: string): CommissionKind | null {
  if (subAccount === 'rent' || subAccount === 'water' || subAccount === 'penalty') return subAccount;
  return /^charge:\d+$/.test(subAccount) ? 'service' : null;
}

/** `bp` of `cents`, rounded half away from zero to the cent: a negative amount (a correction) mirrors a positive one exactly. */
export function shareOf(cents: Cents, bp: BasisPoints): Cents {
  const share = Math.floor((Math.abs(cents) * bp + 5000) / 10000);
  return cents < 0 ? -share : share;
}

/**
 * The tax to withhold on one more receipt of `gross` rent in a month
 * (decision 040): the tax on the month's gross so far, this receipt
 * included, less what the month already withheld. Rounded on the month, not
 * on the receipt, so the month's withholdings add up to the tax due on its
 * gross, whatever the number of receipts.
 */
export function monthTaxShare(
  month: { gross: Cents; withheld: Cents },
  gross: Cents,
  bp: BasisPoints,
): Cents {
  return bp === 0 ? 0 : shareOf(month.gross + gross, bp) - month.withheld;
}

export interface CollectionTerms {
  /** Commission on this kind of money, 0 where the agreement takes none on it (or there is no agreement). */
  commissionBp: BasisPoints;
  /** Rental income tax withheld, 0 unless the agency withholds for this landlord on a residential property. */
  taxBp: BasisPoints;
}

/**
 * Rent collected for a landlord, split: the agency's commission, the tax it
 * withholds, and the rest owed to the landlord. The three always add up to
 * the amount collected; a negative amount (money taken back) splits the same
 * way with the signs turned. `tax` is the month's share when the caller
 * rounds on the month (`monthTaxShare`), the receipt's own otherwise.
 */
export function splitCollection(
  gross: Cents,
  terms: CollectionTerms,
  tax: Cents = shareOf(gross, terms.taxBp),
) {
  const commission = shareOf(gross, terms.commissionBp);
  return { gross, commission, tax, landlord: gross - commission - tax };
}

/**
 * How much rent counts as collected for the landlord on one tenancy: what the
 * tenant paid towards rent charged, never more than was charged (money paid
 * ahead is the tenant's credit until a charge uses it) and never less than
 * nothing. `rentOwed` is the rent sub-account (charged less paid).
 */
export function rentCollected(rentCharged: Cents, rentOwed: Cents): Cents {
  return Math.max(0, rentCharged - Math.max(rentOwed, 0));
}

/**
 * Money counted as collected on one of the tenant's sub-accounts. Rent as
 * above (a credit on rent is the tenant's, DESIGN.md §4a). Any other charge:
 * what was charged less what stays owed; receipts never pay such a charge
 * beyond what it owes, and a credit left there (a paid penalty waived) moves
 * at once to the charges it pays or to rent (`levelCredit`, decision 034).
 */
export function chargeCollected(subAccount: string, charged: Cents, owed: Cents): Cents {
  return subAccount === 'rent' ? rentCollected(charged, owed) : charged - owed;
}

/**
 * The part of `collected` on a sub-account that is owed onward (a
 * pass-through charge), in the proportion its charges were passed through:
 * all or nothing unless the charge's setting changed between months.
 */
export function passedOnShare(collected: Cents, charged: Cents, chargedPassedOn: Cents): Cents {
  if (chargedPassedOn === 0 || charged === 0) return 0;
  if (chargedPassedOn === charged) return collected;
  return Math.round(collected * (chargedPassedOn / charged));
}

/** 1000 → '10.00' (a percentage as the forms show it). */
export function formatPercent(bp: BasisPoints): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
