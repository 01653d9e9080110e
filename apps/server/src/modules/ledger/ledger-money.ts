import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Money in and out of each of the agent's ledgers — the one definition of
 * "received" every screen reads (the Ledgers screen per ledger, the trust
 * reconciliation summed; docs/decisions/035-fee-transfers.md). Received is
 * net: a receipt reversed (a bounced cheque, an M-Pesa payment reversed)
 * brought no money in, so its reversal counts under the receipt it reverses,
 * never as money paid out. Paid out is every other movement out of a ledger
 * (refunds of deposits and credits). Money brought forward at go-live (a
 * deposit or a credit held when the agency moved in, decision 042) is neither:
 * Received + BroughtForward − PaidOut = Balance, exactly.
 */
export async function ledgerMoney(db: DbOrTx, agentId: number) {
  const result = await db.execute(ledgerTotals(agentId));
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    ledgerId: Number(r.ledger_id),
    ledgerName: String(r.ledger_name),
    received: Number(r.received),
    broughtForward: Number(r.brought_forward),
    receipts: Number(r.receipts),
    paidOut: Number(r.paid_out),
    balance: Number(r.balance),
  }));
}

/**
 * The query itself, per ledger (received, brought_forward, receipts, paid_out, balance), for a
 * statement that sums it in the same snapshot as other figures (the trust
 * reconciliation). `before`: only what was posted before that moment (the
 * books at the end of a day, docs/decisions/043-client-money.md).
 */
export function ledgerTotals(agentId: number, before: Date | null = null) {
  const cut = before === null ? sql`` : sql`AND j.posted_at < ${before.toISOString()}`;
  const reversalCut = before === null ? sql`` : sql`AND r.posted_at < ${before.toISOString()}`;
  return sql`
    WITH moves AS (
      SELECT l.ledger_id, l.debit_cents, l.credit_cents, j.kind, coalesce(o.kind, j.kind) AS of_kind,
             j.kind = 'receipt' AND EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id ${reversalCut}) AS reversed
      FROM journal_lines l
      JOIN journal_transactions j ON j.txn_id = l.txn_id
      LEFT JOIN journal_transactions o ON o.txn_id = j.reverses_txn_id
      WHERE l.account = 'ledger' AND l.agent_id = ${agentId} ${cut}
    )
    SELECT g.ledger_id, g.ledger_name,
           coalesce(sum(m.debit_cents - m.credit_cents) FILTER (WHERE m.of_kind = 'receipt'), 0)::bigint AS received,
           coalesce(sum(m.debit_cents - m.credit_cents) FILTER (WHERE m.of_kind IN ('opening_deposit', 'opening_credit')), 0)::bigint AS brought_forward,
           count(*) FILTER (WHERE m.kind = 'receipt' AND NOT m.reversed)::int AS receipts,
           coalesce(sum(m.credit_cents - m.debit_cents) FILTER (WHERE m.of_kind NOT IN ('receipt', 'opening_deposit', 'opening_credit')), 0)::bigint AS paid_out,
           coalesce(sum(m.debit_cents - m.credit_cents), 0)::bigint AS balance
    FROM ledgers g LEFT JOIN moves m ON m.ledger_id = g.ledger_id
    WHERE g.agent_id = ${agentId}
    GROUP BY g.ledger_id, g.ledger_name ORDER BY g.ledger_name`;
}
