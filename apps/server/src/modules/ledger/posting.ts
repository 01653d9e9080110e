import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Posting to the journal. Every function inserts a transaction and all of its
 * lines in one statement each, so the database's balance check (migration
 * 0005) sees whole transactions. Callers run them inside their own database
 * transaction, beside the business rows they belong to.
 */

interface Charge {
  agentId: number;
  tenancyId: number;
  postedAt: Date;
  postedBy: number;
}

/** A tenancy's deposit: the tenant owes it, the agent holds it. */
export async function postDepositCharge(db: DbOrTx, c: Charge & { amount: number }) {
  if (c.amount <= 0) return;
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${c.agentId}, 'deposit_charge', ${c.tenancyId}, ${c.postedAt.toISOString()}, 'Deposit', ${c.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${c.agentId}::bigint, 'tenant', ${c.tenancyId}::bigint, ${c.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${c.agentId}::bigint, 'deposits_held', NULL, 0, ${c.amount}::bigint FROM txn`);
}

/** One month's rent for one tenancy; a second charge for the same month is ignored. */
export async function postRentCharge(db: DbOrTx, c: Charge & { amount: number; month: string; details: string }) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by)
      VALUES (${c.agentId}, 'rent_charge', ${c.tenancyId}, ${c.postedAt.toISOString()}, ${c.details}, ${c.month}, ${c.postedBy})
      ON CONFLICT (tenancy_id, charge_month) WHERE kind = 'rent_charge' DO NOTHING
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${c.agentId}::bigint, 'tenant', ${c.tenancyId}::bigint, ${c.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${c.agentId}::bigint, 'rent_income', NULL, 0, ${c.amount}::bigint FROM txn`);
}

/**
 * The monthly run: one rent charge for every active tenancy of the agent not
 * yet charged for the month — one set-based statement, no loop. Answers how
 * many tenancies were charged and for how much.
 */
export async function postMonthlyRentCharges(
  db: DbOrTx,
  run: { agentId: number; runId: number; month: string; details: string; postedAt: Date; postedBy: number },
) {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT t.tenancy_id, t.rent_cents
      FROM tenancies t
      WHERE t.agent_id = ${run.agentId} AND t.ended_at IS NULL AND t.first_month <= ${run.month}::date
    ),
    txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by, invoice_run_id)
      SELECT ${run.agentId}::bigint, 'rent_charge', due.tenancy_id, ${run.postedAt.toISOString()}::timestamptz, ${run.details}::text, ${run.month}::date, ${run.postedBy}::bigint, ${run.runId}::bigint
      FROM due
      ON CONFLICT (tenancy_id, charge_month) WHERE kind = 'rent_charge' DO NOTHING
      RETURNING txn_id, tenancy_id
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, debit_cents, credit_cents)
      SELECT txn.txn_id, ${run.agentId}::bigint, 'tenant', txn.tenancy_id, due.rent_cents, 0 FROM txn JOIN due USING (tenancy_id)
      UNION ALL
      SELECT txn.txn_id, ${run.agentId}::bigint, 'rent_income', NULL, 0, due.rent_cents FROM txn JOIN due USING (tenancy_id)
      RETURNING debit_cents
    )
    SELECT count(*)::int AS charged, coalesce(sum(debit_cents), 0)::bigint AS amount FROM lines WHERE debit_cents > 0`);
  const row = rowsOf<{ charged: number; amount: string | number }>(result)[0];
  return { charged: Number(row?.charged ?? 0), amount: Number(row?.amount ?? 0) };
}

/** Money received into an agent ledger against a tenant's account; once per idempotency key. */
export async function postReceipt(
  db: DbOrTx,
  r: { agentId: number; tenancyId: number; ledgerId: number; amount: number; details: string; key: string; postedAt: Date; postedBy: number },
): Promise<number | null> {
  const result = await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, idempotency_key, posted_by)
      VALUES (${r.agentId}, 'receipt', ${r.tenancyId}, ${r.postedAt.toISOString()}, ${r.details}, ${r.key}, ${r.postedBy})
      ON CONFLICT (agent_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
      RETURNING txn_id
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, ledger_id, debit_cents, credit_cents)
      SELECT txn_id, ${r.agentId}::bigint, 'ledger', NULL, ${r.ledgerId}::bigint, ${r.amount}::bigint, 0 FROM txn
      UNION ALL
      SELECT txn_id, ${r.agentId}::bigint, 'tenant', ${r.tenancyId}::bigint, NULL, 0, ${r.amount}::bigint FROM txn
    )
    SELECT txn_id FROM txn`);
  const row = rowsOf<{ txn_id: number | string }>(result)[0];
  return row ? Number(row.txn_id) : null;
}

/** A tenancy's balance: what its tenant account was debited less what it was credited. */
export async function tenantBalance(db: DbOrTx, tenancyId: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(debit_cents - credit_cents), 0)::bigint AS balance
    FROM journal_lines WHERE account = 'tenant' AND tenancy_id = ${tenancyId}`);
  return Number(rowsOf<{ balance: string | number }>(result)[0]?.balance ?? 0);
}
