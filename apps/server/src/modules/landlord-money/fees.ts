import { vatRateOn } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/**
 * The fixed monthly fee of each of the agent's properties whose agreement in
 * force on the month's first day has one: the landlord's account pays it to
 * the agency's commission, in the caller's transaction (the monthly run's).
 * The unique index on (property, month) keeps each once, whatever reruns.
 * An agency VAT-registered by the month's first day charges the landlord VAT
 * on the fee at that day's rate, owed to KRA (decision 054).
 */
export async function chargeFixedFees(db: DbOrTx, r: { agentId: number; month: string; postedAt: Date; postedBy: number }) {
  const vatBp = vatRateOn(r.month);
  await db.execute(sql`
    WITH due AS (
      SELECT p.prop_id, p.landlord_no, a.fixed_fee_cents AS fee,
        CASE WHEN ag.vat_registered_from <= ${r.month}::date THEN (a.fixed_fee_cents * ${vatBp}::bigint + 5000) / 10000 ELSE 0 END::bigint AS vat
      FROM properties p
      JOIN agents ag ON ag.agent_id = p.agent_id
      CROSS JOIN LATERAL (
        SELECT fixed_fee_cents FROM management_agreements m
        WHERE m.prop_id = p.prop_id AND m.effective_from <= ${r.month}::date ORDER BY m.effective_from DESC LIMIT 1
      ) a
      WHERE p.agent_id = ${r.agentId} AND a.fixed_fee_cents > 0
    ),
    txn AS (
      INSERT INTO landlord_txns (agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, posted_at, money_date, details, posted_by, fee_month)
      SELECT ${r.agentId}::bigint, 'fee', due.landlord_no, due.prop_id, NULL::bigint, NULL::bigint, ${r.postedAt.toISOString()}::timestamptz, ${r.month}::date,
             'Management fee for ' || to_char(${r.month}::date, 'FMMonth YYYY'), ${r.postedBy}::bigint, ${r.month}::date
      FROM due ORDER BY due.prop_id
      ON CONFLICT (prop_id, fee_month) WHERE kind = 'fee' DO NOTHING
      RETURNING txn_id, prop_id, landlord_no
    )
    INSERT INTO landlord_lines (txn_id, agent_id, account, landlord_no, prop_id, tenancy_id, debit_cents, credit_cents)
    SELECT txn.txn_id, ${r.agentId}::bigint, 'landlord', txn.landlord_no, txn.prop_id, NULL::bigint, due.fee + due.vat, 0::bigint FROM txn JOIN due ON due.prop_id = txn.prop_id
    UNION ALL
    SELECT txn.txn_id, ${r.agentId}::bigint, 'commission', txn.landlord_no, txn.prop_id, NULL::bigint, 0::bigint, due.fee FROM txn JOIN due ON due.prop_id = txn.prop_id
    UNION ALL
    SELECT txn.txn_id, ${r.agentId}::bigint, 'vat_output', txn.landlord_no, txn.prop_id, NULL::bigint, 0::bigint, due.vat FROM txn JOIN due ON due.prop_id = txn.prop_id WHERE due.vat > 0`);
}
