import { penaltyAmount, penaltyDue, type Cents } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { goLiveFloor } from '../invoicing/repository';

/**
 * Each month's rent that a penalty rule may reach, with what is unpaid of it:
 * the rent sub-account's balance spread over the tenancy's standing rent
 * charges newest first (older rent was paid first), as a receipt allocates.
 * Only rent is the base — never the deposit, never other charges. Months
 * before the rule's first month or the agency's go-live, and months already penalised (a waived
 * penalty included), are left out.
 */
async function candidates(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    WITH ten AS (
      SELECT t.tenancy_id, r.after_day, r.percent_bp, r.fixed_cents, r.from_month
      FROM tenancies t JOIN houses h ON h.house_id = t.house_id
      JOIN penalty_rules r ON r.prop_id = h.prop_id AND r.active AND r.agent_id = ${agentId}
      WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL
    ),
    owed AS (
      SELECT l.tenancy_id, sum(l.debit_cents - l.credit_cents) AS owed
      FROM ten JOIN journal_lines l ON l.account = 'tenant' AND l.tenancy_id = ten.tenancy_id AND l.sub_account = 'rent'
      GROUP BY l.tenancy_id
    ),
    rent AS (
      SELECT j.tenancy_id, j.charge_month, l.debit_cents AS amount,
             sum(l.debit_cents) OVER (PARTITION BY j.tenancy_id ORDER BY j.charge_month DESC, j.txn_id DESC) AS to_here
      FROM ten JOIN journal_transactions j ON j.tenancy_id = ten.tenancy_id AND j.kind = 'rent_charge'
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
      WHERE NOT EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = j.txn_id)
    )
    SELECT r.tenancy_id, r.charge_month::text AS month, ten.after_day, ten.percent_bp, ten.fixed_cents,
           least(r.amount, greatest(o.owed - (r.to_here - r.amount), 0))::bigint AS unpaid
    FROM rent r JOIN ten ON ten.tenancy_id = r.tenancy_id JOIN owed o ON o.tenancy_id = r.tenancy_id
    WHERE r.charge_month >= ten.from_month
      -- A month before go-live is never charged (decision 042), penalties included.
      AND r.charge_month >= coalesce(${goLiveFloor(agentId)}, r.charge_month)
      AND NOT EXISTS (SELECT 1 FROM journal_transactions p WHERE p.tenancy_id = r.tenancy_id AND p.kind = 'penalty' AND p.charge_month = r.charge_month)
    ORDER BY r.charge_month, r.tenancy_id`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    tenancyId: Number(r.tenancy_id),
    month: String(r.month),
    afterDay: Number(r.after_day),
    unpaid: Number(r.unpaid),
    rule: { percentBp: r.percent_bp == null ? null : Number(r.percent_bp), fixedCents: r.fixed_cents == null ? null : Number(r.fixed_cents) },
  }));
}

export interface PenaltyRun {
  agentId: number;
  runId: number;
  /** The Nairobi day of the run ('YYYY-MM-DD'): months whose day D has passed by then are due. */
  today: string;
  postedAt: Date;
  postedBy: number;
}

/**
 * Posts every penalty due by `today`: at most one per tenancy and month (a
 * unique index, so two processes at once post once), each on the tenant's
 * `penalty` sub-account against the landlord's income. Answers the
 * tenancies charged and the amount.
 */
export async function postPenalties(db: DbOrTx, run: PenaltyRun) {
  const due = (await candidates(db, run.agentId))
    .filter((c) => penaltyDue(c.month, c.afterDay, run.today))
    .map((c) => ({ tenancy: c.tenancyId, month: c.month, amount: penaltyAmount(c.unpaid, c.rule) }))
    .filter((c) => c.amount > 0);
  if (due.length === 0) return { charged: 0, amount: 0 as Cents };
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.tenancy, d.month::date AS month, d.amount FROM jsonb_to_recordset(${JSON.stringify(due)}::jsonb) AS d(tenancy bigint, month text, amount bigint)
    ),
    txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by, penalty_run_id)
      SELECT ${run.agentId}::bigint, 'penalty', due.tenancy, ${run.postedAt.toISOString()}::timestamptz,
             'Late-payment penalty for ' || to_char(due.month, 'FMMonth YYYY'), due.month, ${run.postedBy}::bigint, ${run.runId}::bigint
      FROM due ORDER BY due.month, due.tenancy
      ON CONFLICT (tenancy_id, charge_month) WHERE kind = 'penalty' DO NOTHING
      RETURNING txn_id, tenancy_id, charge_month
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
      SELECT txn.txn_id, ${run.agentId}::bigint, 'tenant', 'penalty', txn.tenancy_id, due.amount, 0
      FROM txn JOIN due ON due.tenancy = txn.tenancy_id AND due.month = txn.charge_month
      UNION ALL
      SELECT txn.txn_id, ${run.agentId}::bigint, 'charge_income', NULL, NULL, 0, due.amount
      FROM txn JOIN due ON due.tenancy = txn.tenancy_id AND due.month = txn.charge_month
      RETURNING debit_cents
    )
    SELECT (SELECT count(DISTINCT tenancy_id) FROM txn)::int AS charged, (SELECT coalesce(sum(debit_cents), 0) FROM lines)::bigint AS amount`);
  const row = rowsOf<{ charged: number; amount: string | number }>(result)[0];
  return { charged: Number(row?.charged ?? 0), amount: Number(row?.amount ?? 0) };
}
