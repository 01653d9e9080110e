import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Per landlord of the agent, for one month: rent (MRI is on rent alone, not
 * service charges or water) collected on residential
 * properties (by the agreement in force on each collection's day; a property
 * without one counts as residential), the tax withheld, what was paid to KRA,
 * and the MRI rate in force at the month's start.
 */
export async function monthFigures(db: DbOrTx, agentId: number, from: string, to: string, landlordNo: number | null = null) {
  const one = landlordNo === null ? sql`` : sql`AND l.landlord_no = ${landlordNo}`;
  const result = await db.execute(sql`
    WITH lines AS (
      SELECT l.landlord_no, l.account, coalesce(l.sub_account, 'rent') AS sub, l.debit_cents, l.credit_cents, t.kind, o.kind AS reversed_kind,
        coalesce((SELECT m.property_use FROM management_agreements m
                  WHERE m.prop_id = t.prop_id AND m.effective_from <= t.money_date ORDER BY m.effective_from DESC LIMIT 1), 'residential') AS property_use
      FROM landlord_lines l JOIN landlord_txns t ON t.txn_id = l.txn_id LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
      WHERE l.agent_id = ${agentId} AND t.money_date BETWEEN ${from}::date AND ${to}::date ${one}
        AND l.account IN ('collected', 'tax_payable')
    )
    SELECT x.landlord_no, c.full_name, d.kra_pin,
      coalesce(sum(x.debit_cents - x.credit_cents) FILTER (WHERE x.account = 'collected' AND x.sub = 'rent' AND x.property_use = 'residential'), 0)::bigint AS gross,
      coalesce(sum(x.credit_cents - x.debit_cents) FILTER (WHERE x.account = 'tax_payable' AND coalesce(x.reversed_kind, x.kind) = 'collection'), 0)::bigint AS withheld,
      coalesce((SELECT sum(k.amount_cents) FROM kra_payments k WHERE k.agent_id = ${agentId} AND k.landlord_no = x.landlord_no AND k.tax_month = ${from}::date), 0)::bigint AS paid,
      (SELECT rate_bp FROM mri_rates WHERE effective_from <= ${from}::date ORDER BY effective_from DESC LIMIT 1) AS rate_bp
    FROM lines x JOIN clients c ON c.client_no = x.landlord_no LEFT JOIN landlord_tax_details d ON d.client_no = x.landlord_no
    GROUP BY x.landlord_no, c.full_name, d.kra_pin
    ORDER BY c.full_name, x.landlord_no`);
  return rowsOf<Record<string, string | number | null>>(result);
}

export async function kraPaymentOf(db: DbOrTx, agentId: number, landlordNo: number, month: string) {
  const result = await db.execute(sql`
    SELECT payment_id FROM kra_payments WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo} AND tax_month = ${month}::date`);
  return rowsOf(result).length > 0;
}

export async function insertKraPayment(
  db: DbOrTx,
  p: { agentId: number; landlordNo: number; month: string; amount: number; paidOn: string; reference: string; txnId: number; at: Date; by: number },
) {
  await db.execute(sql`
    INSERT INTO kra_payments (agent_id, landlord_no, tax_month, amount_cents, paid_on, reference, landlord_txn_id, created_at, created_by)
    VALUES (${p.agentId}, ${p.landlordNo}, ${p.month}::date, ${p.amount}, ${p.paidOn}, ${p.reference}, ${p.txnId}, ${p.at.toISOString()}, ${p.by})`);
}
