import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { goLiveFloor } from '../invoicing/repository';

/**
 * Every (tenancy, recurring charge, month) the agent's monthly run would post
 * up to `month`: each active tenancy, each active charge of its property with
 * an amount for its house (the house's own, else the property's; 0 is not
 * charged), each month from the later of the tenancy's first month and the
 * charge's first month (and the agency's go-live, decision 042) that has no
 * such charge yet. OFFSET 0 keeps the
 * look-up per tenancy and charge, as the rent's (ledger/monthly-run.ts).
 */
export function dueRecurringCharges(agentId: number, month: string, tenancyId?: number) {
  return sql`
    SELECT t.tenancy_id, c.charge_id, c.name, c.pass_through, coalesce(o.amount_cents, c.amount_cents) AS amount, m::date AS month
    FROM tenancies t
    JOIN houses h ON h.house_id = t.house_id
    JOIN recurring_charges c ON c.prop_id = h.prop_id AND c.active
    LEFT JOIN recurring_charge_houses o ON o.charge_id = c.charge_id AND o.house_id = t.house_id
    CROSS JOIN LATERAL (
      SELECT m FROM generate_series(greatest(t.first_month, c.from_month, ${goLiveFloor(agentId)})::timestamp, ${month}::date::timestamp, interval '1 month') AS m
      WHERE NOT EXISTS (
        SELECT 1 FROM journal_transactions x
        WHERE x.tenancy_id = t.tenancy_id AND x.kind = 'recurring_charge' AND x.charge_id = c.charge_id AND x.charge_month = m::date
      )
      OFFSET 0
    ) AS uncharged
    WHERE t.agent_id = ${agentId} AND c.agent_id = ${agentId} AND t.ended_at IS NULL AND coalesce(o.amount_cents, c.amount_cents) > 0
      ${tenancyId === undefined ? sql`` : sql`AND t.tenancy_id = ${tenancyId}`}`;
}

/** A monthly run (`runId`), or one tenancy caught up as it ends (`tenancyId`, no run). */
type RunRow = { agentId: number; runId: number | null; month: string; postedAt: Date; postedBy: number; tenancyId?: number };

/**
 * The run's second statement, after the rent's and in its transaction: every
 * due recurring charge on its own sub-account (`charge:<id>`), against the
 * landlord's income or, for a pass-through charge, what is owed onward. The
 * unique index on (tenancy, charge, month) keeps each once. Answers the
 * amount, the months, and the tenancies charged that the rent statement of
 * this run did not already count.
 */
export async function postRecurringCharges(db: DbOrTx, run: RunRow) {
  const result = await db.execute(sql`
    WITH due AS (${dueRecurringCharges(run.agentId, run.month, run.tenancyId)}),
    txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, charge_id, posted_by, invoice_run_id)
      SELECT ${run.agentId}::bigint, 'recurring_charge', due.tenancy_id, ${run.postedAt.toISOString()}::timestamptz,
             due.name || ' for ' || to_char(due.month, 'FMMonth YYYY'), due.month, due.charge_id, ${run.postedBy}::bigint, ${run.runId}::bigint
      FROM due ORDER BY due.month, due.tenancy_id, due.charge_id
      ON CONFLICT (tenancy_id, charge_id, charge_month) WHERE kind = 'recurring_charge' DO NOTHING
      RETURNING txn_id, tenancy_id, charge_id, charge_month
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
      SELECT txn.txn_id, ${run.agentId}::bigint, 'tenant', 'charge:' || txn.charge_id, txn.tenancy_id, due.amount, 0
      FROM txn JOIN due ON due.tenancy_id = txn.tenancy_id AND due.charge_id = txn.charge_id AND due.month = txn.charge_month
      UNION ALL
      SELECT txn.txn_id, ${run.agentId}::bigint, CASE WHEN due.pass_through THEN 'pass_through' ELSE 'charge_income' END, NULL, NULL, 0, due.amount
      FROM txn JOIN due ON due.tenancy_id = txn.tenancy_id AND due.charge_id = txn.charge_id AND due.month = txn.charge_month
      RETURNING debit_cents
    )
    SELECT (SELECT count(DISTINCT tenancy_id) FROM txn x WHERE NOT EXISTS (
              SELECT 1 FROM journal_transactions r WHERE r.tenancy_id = x.tenancy_id AND r.kind = 'rent_charge'
                AND r.invoice_run_id IS NOT DISTINCT FROM ${run.runId}::bigint AND r.posted_at = ${run.postedAt.toISOString()}::timestamptz))::int AS charged,
           (SELECT coalesce(sum(debit_cents), 0) FROM lines)::bigint AS amount,
           (SELECT coalesce(string_agg(DISTINCT charge_month::text, ','), '') FROM txn) AS months`);
  const row = rowsOf<{ charged: number; amount: string | number; months: string }>(result)[0];
  return {
    charged: Number(row?.charged ?? 0),
    amount: Number(row?.amount ?? 0),
    months: row?.months ? row.months.split(',') : [],
  };
}
