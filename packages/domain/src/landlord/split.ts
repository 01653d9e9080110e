import type { Cents } from '../money/money';

/** Basis points: 10.00% is 1000. Percentages travel with two decimals, so basis points hold them exactly. */
export type BasisPoints = number;

/** The charge kinds an agreement may take commission on; rent by default. */
export const COMMISSION_KINDS = ['rent'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** `bp` of `cents`, rounded half away from zero to the cent: a negative amount (a correction) mirrors a positive one exactly. */
export function shareOf(cents: Cents, bp: BasisPoints): Cents {
  const share = Math.floor((Math.abs(cents) * bp + 5000) / 10000);
  return cents < 0 ? -share : share;
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
 * way with the signs turned.
 */
export function splitCollection(gross: Cents, terms: CollectionTerms) {
  const commission = shareOf(gross, terms.commissionBp);
  const tax = shareOf(gross, terms.taxBp);
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

/** 1000 → '10.00' (a percentage as the forms show it). */
export function formatPercent(bp: BasisPoints): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
