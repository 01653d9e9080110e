import { monthTaxShare, shareOf } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

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
    await db.execute(
      sql`SELECT client_no FROM clients WHERE client_no = ANY(${`{${landlords.join(',')}}`}::bigint[]) ORDER BY client_no FOR UPDATE`,
    );
    const pairs = [...wanted.values()];
    const result = await db.execute(sql`
      SELECT q.landlord_no, to_char(q.month, 'YYYY-MM') AS month,
        coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'collected' AND a.withholds_tax AND a.property_use = 'residential'), 0)::bigint AS gross,
        coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'tax_payable'), 0)::bigint AS withheld
      FROM unnest(${`{${pairs.map((p) => Math.trunc(p.landlordNo)).join(',')}}`}::bigint[],
                  ${`{${pairs.map((p) => `${p.day.slice(0, 7)}-01`).join(',')}}`}::date[]) AS q(landlord_no, month)
      JOIN landlord_txns t ON t.landlord_no = q.landlord_no AND t.money_date >= q.month AND t.money_date < (q.month + interval '1 month')::date
      LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
      JOIN landlord_lines l ON l.txn_id = t.txn_id AND coalesce(l.sub_account, 'rent') = 'rent' AND l.account IN ('collected', 'tax_payable')
      LEFT JOIN LATERAL (
        SELECT withholds_tax, property_use FROM management_agreements m
        WHERE m.prop_id = t.prop_id AND m.effective_from <= t.money_date ORDER BY m.effective_from DESC LIMIT 1
      ) a ON true
      WHERE coalesce(o.kind, t.kind) = 'collection'
      GROUP BY q.landlord_no, q.month`);
    for (const r of rowsOf<{
      landlord_no: string | number;
      month: string;
      gross: string | number;
      withheld: string | number;
    }>(result))
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
