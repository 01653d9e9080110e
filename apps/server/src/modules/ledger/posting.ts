import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Posting to the journal. Every function inserts a transaction and all of its
 * lines in one statement, so the database's per-statement checks (balanced,
 * same agent; docs/decisions/002-ledger.md) see whole transactions. Callers run
 * them inside their own database transaction, beside the business rows they
 * belong to.
 */

interface Charge {
  agentId: number;
  tenancyId: number;
  postedAt: Date;
  postedBy: number;
}

/** A tenancy's deposit: the tenant owes it on the deposit sub-account. */
export async function postDepositCharge(db: DbOrTx, c: Charge & { amount: number }) {
  if (c.amount <= 0) return;
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${c.agentId}, 'deposit_charge', ${c.tenancyId}, ${c.postedAt.toISOString()}, 'Deposit', ${c.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${c.agentId}::bigint, 'tenant', 'deposit', ${c.tenancyId}::bigint, ${c.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${c.agentId}::bigint, 'deposits_billed', NULL, NULL, 0, ${c.amount}::bigint FROM txn`);
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
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${c.agentId}::bigint, 'tenant', 'rent', ${c.tenancyId}::bigint, ${c.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${c.agentId}::bigint, 'rent_income', NULL, NULL, 0, ${c.amount}::bigint FROM txn`);
}

/**
 * Takes the agency's receipt counter for this transaction: the row stays locked
 * until commit, so concurrent receipts of one agency number one after another.
 * Answers the last number given.
 */
export async function lockReceiptCounter(db: DbOrTx, agentId: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO receipt_counters (agent_id, last_no) VALUES (${agentId}, 0)
    ON CONFLICT (agent_id) DO UPDATE SET last_no = receipt_counters.last_no
    RETURNING last_no`);
  return Number(rowsOf<{ last_no: string | number }>(result)[0]!.last_no);
}

/** The receipt a key already made, if any. */
export async function receiptByKey(db: DbOrTx, agentId: number, key: string) {
  const result = await db.execute(sql`
    SELECT j.txn_id, j.tenancy_id, j.receipt_no, l.debit_cents
    FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger'
    WHERE j.agent_id = ${agentId} AND j.idempotency_key = ${key}`);
  const row = rowsOf<{ txn_id: string | number; tenancy_id: string | number; receipt_no: string | number; debit_cents: string | number }>(result)[0];
  return row
    ? { txnId: Number(row.txn_id), tenancyId: Number(row.tenancy_id), receiptNo: Number(row.receipt_no), amount: Number(row.debit_cents) }
    : null;
}

/** A tenancy's balances as the journal trigger keeps them. */
export async function tenancyMoney(db: DbOrTx, tenancyId: number) {
  const result = await db.execute(sql`
    SELECT balance_cents, deposit_due_cents, deposit_held_cents FROM tenancy_balances WHERE tenancy_id = ${tenancyId}`);
  const row = rowsOf<Record<string, string | number>>(result)[0];
  return {
    balance: Number(row?.balance_cents ?? 0),
    depositDue: Number(row?.deposit_due_cents ?? 0),
    depositHeld: Number(row?.deposit_held_cents ?? 0),
  };
}
