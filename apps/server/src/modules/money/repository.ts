import { ACCOUNTING_TIME_ZONE } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** The agent's ledger of that name, if it has one. */
export async function ledgerNamed(db: DbOrTx, agentId: number, ledgerName: string) {
  const result = await db.execute(sql`
    SELECT ledger_id, ledger_name FROM ledgers WHERE agent_id = ${agentId} AND ledger_name = ${ledgerName}`);
  const row = rowsOf<{ ledger_id: string | number; ledger_name: string }>(result)[0];
  return row ? { ledgerId: Number(row.ledger_id), ledgerName: row.ledger_name } : null;
}

/**
 * The agent's ledgers: receipts still standing (reversed ones left out) and
 * their sum, what was paid out of the ledger (refunds), and what it holds.
 */
export async function ledgersOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    WITH moves AS (
      SELECT l.ledger_id, l.debit_cents, l.credit_cents, j.kind,
             EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id) AS reversed
      FROM journal_lines l JOIN journal_transactions j ON j.txn_id = l.txn_id
      WHERE l.account = 'ledger' AND l.agent_id = ${agentId}
    )
    SELECT g.ledger_id, g.ledger_name,
           coalesce(sum(m.debit_cents) FILTER (WHERE m.kind = 'receipt' AND NOT m.reversed), 0)::bigint AS received,
           count(*) FILTER (WHERE m.kind = 'receipt' AND NOT m.reversed)::int AS receipts,
           coalesce(sum(m.credit_cents - m.debit_cents) FILTER (WHERE m.kind NOT IN ('receipt', 'reversal')), 0)::bigint AS paid_out,
           coalesce(sum(m.debit_cents - m.credit_cents), 0)::bigint AS balance
    FROM ledgers g LEFT JOIN moves m ON m.ledger_id = g.ledger_id
    WHERE g.agent_id = ${agentId}
    GROUP BY g.ledger_id, g.ledger_name ORDER BY g.ledger_name`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    ledgerId: Number(r.ledger_id),
    ledgerName: String(r.ledger_name),
    received: Number(r.received),
    receipts: Number(r.receipts),
    paidOut: Number(r.paid_out),
    balance: Number(r.balance),
  }));
}

export interface ReceiptsOptions {
  agentId: number;
  /** Nairobi days, both included ('YYYY-MM-DD'). */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

/** Receipts newest first, with their number, ledger, tenancy, who took them and any reversal. */
export async function receiptsOf(db: DbOrTx, o: ReceiptsOptions) {
  // Day bounds turned into instants once, so the range reads posted_at as it is indexed.
  const from = o.from ? sql`AND j.posted_at >= ${o.from}::date::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}` : sql``;
  const to = o.to ? sql`AND j.posted_at < (${o.to}::date + 1)::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}` : sql``;
  const result = await db.execute(sql`
    SELECT j.txn_id, j.receipt_no, j.posted_at, j.details, g.ledger_name, l.debit_cents, t.tenancy_id, c.full_name,
           h.house_number, p.property_name, rc.full_name AS received_by,
           (SELECT r.txn_id FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id) AS reversed_by
    FROM journal_transactions j
    JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger'
    JOIN ledgers g ON g.ledger_id = l.ledger_id
    JOIN tenancies t ON t.tenancy_id = j.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    JOIN users u ON u.user_no = j.posted_by
    JOIN clients rc ON rc.client_no = u.client_no
    WHERE j.agent_id = ${o.agentId} AND j.kind = 'receipt' ${from} ${to}
    ORDER BY j.posted_at DESC, j.txn_id DESC
    LIMIT ${o.limit} OFFSET ${o.offset}`);
  return rowsOf<Record<string, string | number | Date | null>>(result);
}
