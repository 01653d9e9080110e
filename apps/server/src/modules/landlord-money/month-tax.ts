import { monthTaxShare, shareOf } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { lockLandlords, monthTallies } from './month-repository';

/**
 * Tax withheld is rounded on the landlord's month, not on each receipt
 * (docs/decisions/040-landlord-month-rules.md): each receipt withholds
 * the tax on the month's gross so far less what the month already withheld,
 * so the month's withholdings are the 7.5% due on its gross.
 */
export interface MonthTax {
  /** The tax to withhold on `gross` more rent of the landlord's received on `day`; the month's tally moves with it. */
  withhold(landlordNo: number, day: string, gross: number, taxBp: number): number;
  /** What the month still owes (or, below zero, withheld too much) at `rateBp` on its gross so far: an agreement changed from a past day. */
  owing(landlordNo: number, day: string, rateBp: number): number;
}

const keyOf = (landlordNo: number, day: string) => `${landlordNo}|${day.slice(0, 7)}`;

/**
 * The months' tallies for the landlords and days asked, read once for a whole
 * batch of postings. The landlords' rows are taken first (in one order), so
 * of two receipts of one landlord at once the second reads what the first
 * withheld.
 */
export async function monthTax(
  db: DbOrTx,
  asked: readonly { landlordNo: number; day: string }[],
): Promise<MonthTax> {
  const tally = new Map<string, { gross: number; withheld: number }>();
  const wanted = new Map(asked.map((a) => [keyOf(a.landlordNo, a.day), a]));
  if (wanted.size > 0) {
    const landlords = [...new Set(asked.map((a) => Math.trunc(a.landlordNo)))].sort((a, b) => a - b);
    await lockLandlords(db, landlords);
    const pairs = [...wanted.values()];
    for (const r of await monthTallies(db, pairs))
      tally.set(`${Number(r.landlord_no)}|${r.month}`, {
        gross: Number(r.gross),
        withheld: Number(r.withheld),
      });
  }
  return {
    withhold(landlordNo, day, gross, taxBp) {
      if (taxBp === 0) return 0;
      const key = keyOf(landlordNo, day);
      const month = tally.get(key) ?? { gross: 0, withheld: 0 };
      const tax = monthTaxShare(month, gross, taxBp);
      tally.set(key, { gross: month.gross + gross, withheld: month.withheld + tax });
      return tax;
    },
    owing(landlordNo, day, rateBp) {
      const month = tally.get(keyOf(landlordNo, day)) ?? { gross: 0, withheld: 0 };
      return shareOf(month.gross, rateBp) - month.withheld;
    },
  };
}
