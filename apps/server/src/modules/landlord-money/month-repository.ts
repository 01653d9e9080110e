import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

// The landlord's month as month-tax.ts rounds its tax and resplit.ts re-splits it: the SQL, kept out of the rules.

/** Whether anything of the landlord's from `from` on was paid out (a payout not reversed) or paid to KRA. */
export async function paidOrFiledSince(
  db: DbOrTx,
  r: { agentId: number; landlordNo: number; from: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM landlord_txns t
      WHERE t.agent_id = ${r.agentId} AND t.landlord_no = ${r.landlordNo} AND t.kind = 'payout' AND t.money_date >= ${r.from}::date
        AND NOT EXISTS (SELECT 1 FROM landlord_txns x WHERE x.reverses_txn_id = t.txn_id)
    ) OR EXISTS (
      SELECT 1 FROM kra_payments k
      WHERE k.agent_id = ${r.agentId} AND k.landlord_no = ${r.landlordNo} AND k.tax_month >= date_trunc('month', ${r.from}::date)::date
    ) AS settled`);
  return Boolean(rowsOf<{ settled: boolean }>(result)[0]?.settled);
}

/**
 * What the property collected per sub-account from `from` until its next
 * agreement, with the terms of the agreement from `from` and the commission
 * already booked on it; `net_vat` is the part collected while the agency was
 * VAT-registered, whose commission carried VAT (decision 054).
 */
export async function collectedSince(db: DbOrTx, r: { agentId: number; propId: number; from: string }) {
  const result = await db.execute(sql`
    WITH terms AS (
      SELECT commission_bp, commission_kinds FROM management_agreements WHERE prop_id = ${r.propId} AND effective_from = ${r.from}::date
    ),
    until AS (
      SELECT min(effective_from) AS day FROM management_agreements WHERE prop_id = ${r.propId} AND effective_from > ${r.from}::date
    )
    SELECT coalesce(l.sub_account, 'rent') AS sub, terms.commission_bp, terms.commission_kinds,
      coalesce(sum(CASE l.account WHEN 'collected' THEN l.debit_cents - l.credit_cents WHEN 'pass_through' THEN l.debit_cents - l.credit_cents ELSE 0 END), 0)::bigint AS net,
      coalesce(sum(CASE l.account WHEN 'collected' THEN l.debit_cents - l.credit_cents WHEN 'pass_through' THEN l.debit_cents - l.credit_cents ELSE 0 END)
        FILTER (WHERE t.money_date >= ag.vat_registered_from), 0)::bigint AS net_vat,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission'), 0)::bigint AS commission
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    JOIN agents ag ON ag.agent_id = t.agent_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    CROSS JOIN terms CROSS JOIN until
    WHERE t.agent_id = ${r.agentId} AND t.prop_id = ${r.propId} AND t.money_date >= ${r.from}::date
      AND (until.day IS NULL OR t.money_date < until.day) AND coalesce(o.kind, t.kind) = 'collection'
    GROUP BY 1, 2, 3
    ORDER BY coalesce(l.sub_account, 'rent') = 'rent' DESC, 1`);
  return rowsOf<{
    sub: string;
    commission_bp: number;
    commission_kinds: string[] | string;
    net: string | number;
    net_vat: string | number;
    commission: string | number;
  }>(result);
}

/** The MRI rate in force on `day`. */
export async function mriRateOn(db: DbOrTx, day: string): Promise<number> {
  const result = await db.execute(
    sql`SELECT rate_bp FROM mri_rates WHERE effective_from <= ${day}::date ORDER BY effective_from DESC LIMIT 1`,
  );
  return Number(rowsOf<{ rate_bp: number }>(result)[0]?.rate_bp ?? 0);
}

/** The landlords' rows, taken in one order, so two postings of one landlord's month take turns. */
export async function lockLandlords(db: DbOrTx, landlords: readonly number[]) {
  await db.execute(
    sql`SELECT client_no FROM clients WHERE client_no = ANY(${`{${landlords.join(',')}}`}::bigint[]) ORDER BY client_no FOR UPDATE`,
  );
}

/** Each asked landlord's month: residential rent collected under withholding, and the tax withheld. */
export async function monthTallies(db: DbOrTx, pairs: readonly { landlordNo: number; day: string }[]) {
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
  return rowsOf<{
    landlord_no: string | number;
    month: string;
    gross: string | number;
    withheld: string | number;
  }>(result);
}
