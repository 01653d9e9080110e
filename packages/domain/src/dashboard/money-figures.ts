import { z } from 'zod';

import type { Cents } from '../money/money';

/**
 * The money figures of an agency's dashboard. What each means, exactly, is
 * written down in docs/dashboard-money.md; the short of it:
 * - collection: rent charged for the current accounting month (Africa/Nairobi)
 *   against the part of it that receipts posted in that month paid (not
 *   arrears, not rent in advance), reversed entries left out;
 * - arrears by age: each tenancy's rent arrears split by the age of the
 *   charges still unpaid, payments settling the oldest charges first;
 * - most in arrears: the ten tenancies owing the most rent;
 * - occupancy: occupied houses of all houses, per property.
 * Only the rent sub-account counts as arrears: a deposit still owed is shown apart.
 */

/** Age bands of unpaid rent, in whole days since the charge fell due; `to` included, null: no upper end. */
export const ARREARS_AGES = [
  { key: 'days0to30', label: '0–30 days', from: 0, to: 30 },
  { key: 'days31to60', label: '31–60 days', from: 31, to: 60 },
  { key: 'days61to90', label: '61–90 days', from: 61, to: 90 },
  { key: 'over90', label: 'Over 90 days', from: 91, to: null },
] as const;

export type ArrearsAgeKey = (typeof ARREARS_AGES)[number]['key'];

/** The band of an unpaid charge `days` old; a charge not yet due (negative age) is in the first. */
export function arrearsAgeOf(days: number): ArrearsAgeKey {
  return ARREARS_AGES.find((band) => band.to === null || days <= band.to)!.key;
}

/** How many tenancies the dashboard lists as most in arrears. */
export const MOST_IN_ARREARS_LIMIT = 10;

/**
 * Rent collected as a whole percentage of rent charged, rounded down (99.6 %
 * collected is not yet 100 %); null when nothing was charged. Collected never
 * passes charged (arrears and rent in advance are not this month's), so neither
 * does the rate.
 */
export function collectionRate(charged: Cents, collected: Cents): number | null {
  if (charged <= 0) return null;
  return Math.floor((collected * 100) / charged);
}

/** Occupied houses as a whole percentage of all houses, rounded down; 0 for a property without houses. */
export function occupancyRate(occupied: number, total: number): number {
  return total <= 0 ? 0 : Math.floor((occupied * 100) / total);
}

export const DashboardMoneyQuery = z.object({
  managingAgentId: z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive(),
});

/** Amounts in Ksh with two decimals, as every amount the API answers. */
export const DashboardMoney = z.object({
  /** The accounting month the collection figure is for ('YYYY-MM-01'). */
  month: z.string(),
  /** The Nairobi date the arrears are aged on ('YYYY-MM-DD'). */
  asOf: z.string(),
  /** The first month Makazi charges ('YYYY-MM-01'), or null when the account has none (decision 042). */
  goLiveMonth: z.string().nullable(),
  collection: z.object({
    /** Rent charged for the month, charges since reversed left out. */
    charged: z.number(),
    /** Rent receipts posted in the month, receipts since reversed left out. */
    collected: z.number(),
  }),
  arrearsByAge: z.array(
    z.object({
      key: z.enum(ARREARS_AGES.map((band) => band.key) as [ArrearsAgeKey, ...ArrearsAgeKey[]]),
      amount: z.number(),
      /** Tenancies with some unpaid rent of this age (one tenancy may be in several bands). */
      tenancies: z.number(),
    }),
  ),
  mostInArrears: z.array(
    z.object({
      TenancyId: z.number(),
      Tenant_name: z.string(),
      Property_name: z.string(),
      House_number: z.string(),
      /** Rent alone: what is owed beyond the deposit and the other charges, as the age table counts it. */
      RentArrears: z.number(),
      /** Owed on the other charges (service charge, water, penalties), shown apart. */
      ChargesDue: z.number(),
      MonthLapse: z.number(),
      /** The deposit still owed, apart from the rent arrears. */
      DepositDue: z.number(),
      Ended: z.boolean(),
    }),
  ),
  occupancy: z.array(
    z.object({
      PropId: z.number(),
      Property_name: z.string(),
      occupied: z.number(),
      total: z.number(),
    }),
  ),
});
export type DashboardMoney = z.infer<typeof DashboardMoney>;
