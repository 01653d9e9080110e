import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { applyCreditAndCollect } from '../charges/credit';
import { dueRecurringCharges, postRecurringCharges } from '../charges/run';
import { goLiveFloor } from '../invoicing/repository';
import { rentInForce } from '../rent-reviews/repository';
import { repeatYearly } from '../rent-reviews/service';

/**
 * Every (tenancy, month) the agent's monthly run would charge up to `month`:
 * each active tenancy, each month from its first to `month` without a rent
 * charge. Booking charges the first month; a month nobody ran is still due.
 * Each month is charged the rent in force for it: the latest rent review
 * taking effect by then, else the rent the tenancy started at. Never a month
 * before the agency's go-live (decision 042): a tenancy that started earlier
 * is charged from go-live on; what it owed before is its opening balance.
 *
 * Each tenancy's months are looked up in its own charges (the unique index on
 * tenancy and month). OFFSET 0 keeps that lookup per tenancy: flattened, the
 * planner guesses 1,000 months per tenancy and merges against every agency's
 * charges — the whole index, read again for each agency's run.
 */
function dueCharges(agentId: number, month: string, tenancyId?: number) {
  return sql`
    SELECT t.tenancy_id, ${rentInForce(sql`t.tenancy_id`, sql`uncharged.m::date`, sql`t.rent_cents`)} AS amount, m::date AS month
    FROM tenancies t
    CROSS JOIN LATERAL (
      SELECT m FROM generate_series(greatest(t.first_month, ${goLiveFloor(agentId)})::timestamp, ${month}::date::timestamp, interval '1 month') AS m
      WHERE NOT EXISTS (
        SELECT 1 FROM journal_transactions c
        WHERE c.tenancy_id = t.tenancy_id AND c.kind = 'rent_charge' AND c.charge_month = m::date
      )
      OFFSET 0
    ) AS uncharged
    WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL AND t.first_month <= ${month}::date
      ${tenancyId === undefined ? sql`` : sql`AND t.tenancy_id = ${tenancyId}`}`;
}

/** What is due, month by month, oldest first: rent and the recurring charges posted with it. */
export async function dueByMonth(db: DbOrTx, agentId: number, month: string) {
  const result = await db.execute(sql`
    WITH due AS (
      ${dueCharges(agentId, month)}
      UNION ALL
      SELECT tenancy_id, amount, month FROM (${dueRecurringCharges(agentId, month)}) AS recurring
    )
    SELECT month::text AS month, count(DISTINCT tenancy_id)::int AS tenancies, sum(amount)::bigint AS amount,
           (SELECT count(DISTINCT tenancy_id) FROM due)::int AS all_tenancies
    FROM due GROUP BY month ORDER BY month`);
  return rowsOf<{ month: string; tenancies: number; amount: string | number; all_tenancies: number }>(result).map((r) => ({
    month: r.month,
    tenancies: Number(r.tenancies),
    amount: Number(r.amount),
    /** Tenancies with anything due, over all months. */
    allTenancies: Number(r.all_tenancies),
  }));
}

/** A monthly run (`runId`), or one tenancy caught up as it ends (`tenancyId`, no run). */
type RunRow = { agentId: number; runId: number | null; month: string; postedAt: Date; postedBy: number; tenancyId?: number };

/**
 * The monthly run's one statement: every due charge, each labelled with its
 * own month. The unique index on (tenancy, month) keeps each charge once
 * whatever runs at the same time. Apart so the benchmark can EXPLAIN it.
 */
export function monthlyRunStatement(run: RunRow) {
  return sql`
    WITH due AS (${dueCharges(run.agentId, run.month, run.tenancyId)}),
    txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by, invoice_run_id)
      SELECT ${run.agentId}::bigint, 'rent_charge', due.tenancy_id, ${run.postedAt.toISOString()}::timestamptz,
             'Rent for ' || to_char(due.month, 'FMMonth YYYY'), due.month, ${run.postedBy}::bigint, ${run.runId}::bigint
      FROM due ORDER BY due.month, due.tenancy_id
      ON CONFLICT (tenancy_id, charge_month) WHERE kind = 'rent_charge' DO NOTHING
      RETURNING txn_id, tenancy_id, charge_month
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
      SELECT txn.txn_id, ${run.agentId}::bigint, 'tenant', 'rent', txn.tenancy_id, due.amount, 0
      FROM txn JOIN due ON due.tenancy_id = txn.tenancy_id AND due.month = txn.charge_month
      UNION ALL
      SELECT txn.txn_id, ${run.agentId}::bigint, 'rent_income', NULL, NULL, 0, due.amount
      FROM txn JOIN due ON due.tenancy_id = txn.tenancy_id AND due.month = txn.charge_month
      RETURNING debit_cents
    )
    SELECT (SELECT count(DISTINCT tenancy_id) FROM txn)::int AS charged,
           (SELECT coalesce(sum(debit_cents), 0) FROM lines)::bigint AS amount,
           (SELECT coalesce(string_agg(DISTINCT charge_month::text, ','), '') FROM txn) AS months`;
}

/**
 * The monthly run: answers the tenancies charged, the amount and the months.
 * Called inside the run's transaction. The planner cannot see how many months
 * generate_series yields (it assumes 1,000 per tenancy), so the statement looks
 * costly enough for PostgreSQL to JIT-compile it: about a second of LLVM work
 * per run, for a plan that then runs in a fraction of that. Off for this
 * transaction only (PGlite has no JIT; the setting is accepted there).
 */
export async function postMonthlyRentCharges(db: DbOrTx, run: RunRow) {
  await db.execute(sql`SET LOCAL jit = off`);
  // Yearly reviews repeated up to this month first, for a month the notices' look did not reach (the server was down).
  await repeatYearly(db, run.month, run.postedAt, run.tenancyId === undefined ? { agentId: run.agentId } : { tenancyId: run.tenancyId });
  const result = await db.execute(monthlyRunStatement(run));
  const row = rowsOf<{ charged: number; amount: string | number; months: string }>(result)[0];
  const recurring = await postRecurringCharges(db, run);
  // Credit held pays what was just charged, whatever its kind, and each kind's share reaches its owner now.
  await applyCreditAndCollect(db, { agentId: run.agentId, ...(run.tenancyId === undefined ? {} : { tenancyIds: [run.tenancyId] }) }, run);
  const months = new Set([...(row?.months ? row.months.split(',') : []), ...recurring.months]);
  return {
    charged: Number(row?.charged ?? 0) + recurring.charged,
    amount: Number(row?.amount ?? 0) + recurring.amount,
    months: [...months].sort(),
  };
}
