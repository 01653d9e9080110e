import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** Kinds a person may reverse: what was received or charged. Settlements and reversals are not undone this way. */
export const REVERSIBLE_KINDS = ['receipt', 'rent_charge', 'deposit_charge', 'recurring_charge', 'penalty', 'water_charge'] as const;

export interface JournalTransaction {
  txnId: number;
  agentId: number;
  tenancyId: number;
  kind: string;
  receiptNo: number | null;
  reversedBy: number | null;
  /** A receipt's key (receipt-writer.ts), saying where its money came from. */
  key: string | null;
}

/** One transaction of the agent, with whether it was reversed; null when it is not the agent's. */
export async function transactionOf(db: DbOrTx, agentId: number, txnId: number): Promise<JournalTransaction | null> {
  const result = await db.execute(sql`
    SELECT j.txn_id, j.agent_id, j.tenancy_id, j.kind, j.receipt_no, j.idempotency_key,
           (SELECT r.txn_id FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id) AS reversed_by
    FROM journal_transactions j WHERE j.txn_id = ${txnId} AND j.agent_id = ${agentId}`);
  const r = rowsOf<Record<string, string | number | null>>(result)[0];
  if (!r) return null;
  return {
    txnId: Number(r.txn_id),
    agentId: Number(r.agent_id),
    tenancyId: Number(r.tenancy_id),
    kind: String(r.kind),
    receiptNo: r.receipt_no == null ? null : Number(r.receipt_no),
    reversedBy: r.reversed_by == null ? null : Number(r.reversed_by),
    key: r.idempotency_key == null ? null : String(r.idempotency_key),
  };
}

/**
 * The contra entry: every line of the original with debit and credit swapped,
 * so it nets to nothing. At most one per original (a unique index); answers
 * the new transaction's id, or null when another reversal got there first.
 */
export async function postReversal(
  db: DbOrTx,
  r: { agentId: number; txnId: number; details: string; postedAt: Date; postedBy: number },
): Promise<number | null> {
  const result = await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by, reverses_txn_id)
      SELECT agent_id, 'reversal', tenancy_id, ${r.postedAt.toISOString()}::timestamptz, ${r.details}::text, ${r.postedBy}::bigint, txn_id
      FROM journal_transactions WHERE txn_id = ${r.txnId} AND agent_id = ${r.agentId}
      ON CONFLICT (reverses_txn_id) WHERE reverses_txn_id IS NOT NULL DO NOTHING
      RETURNING txn_id, reverses_txn_id
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
      SELECT txn.txn_id, l.agent_id, l.account, l.sub_account, l.tenancy_id, l.ledger_id, l.credit_cents, l.debit_cents
      FROM txn JOIN journal_lines l ON l.txn_id = txn.reverses_txn_id
    )
    SELECT txn_id FROM txn`);
  const row = rowsOf<{ txn_id: string | number }>(result)[0];
  return row ? Number(row.txn_id) : null;
}

interface Settlement {
  agentId: number;
  tenancyId: number;
  amount: number;
  postedAt: Date;
  postedBy: number;
}

/** Held deposit money pays rent arrears: out of holding, off the tenant's rent sub-account. */
export async function postDepositApplied(db: DbOrTx, s: Settlement) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${s.agentId}, 'deposit_applied', ${s.tenancyId}, ${s.postedAt.toISOString()}, 'Deposit applied to arrears', ${s.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${s.agentId}::bigint, 'deposits_held', NULL, ${s.tenancyId}::bigint, ${s.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${s.agentId}::bigint, 'tenant', 'rent', ${s.tenancyId}::bigint, 0, ${s.amount}::bigint FROM txn`);
}

/** Held deposit money paid back to the tenant out of an agent ledger. The tenant's balance does not move. */
export async function postDepositRefund(db: DbOrTx, s: Settlement & { ledgerId: number; details: string }) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${s.agentId}, 'deposit_refund', ${s.tenancyId}, ${s.postedAt.toISOString()}, ${s.details}, ${s.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, ledger_id, debit_cents, credit_cents)
    SELECT txn_id, ${s.agentId}::bigint, 'deposits_held', ${s.tenancyId}::bigint, NULL, ${s.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${s.agentId}::bigint, 'ledger', NULL, ${s.ledgerId}::bigint, 0, ${s.amount}::bigint FROM txn`);
}

/**
 * Whether an ended tenancy's deposit or credit was settled (applied to arrears
 * or refunded): its entries then stay as they are (docs/decisions/009-receipt-writer.md).
 */
export async function isSettled(db: DbOrTx, tenancyId: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 FROM journal_transactions
    WHERE tenancy_id = ${tenancyId} AND kind IN ('deposit_applied', 'deposit_refund', 'credit_refund') LIMIT 1`);
  return rowsOf(result).length > 0;
}
