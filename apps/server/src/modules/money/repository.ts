import { ACCOUNTING_TIME_ZONE } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { ledgerMoney } from '../ledger/ledger-money';

/** The agent's ledger of that name, if it has one. */
export async function ledgerNamed(db: DbOrTx, agentId: number, ledgerName: string) {
  const result = await db.execute(sql`
    SELECT ledger_id, ledger_name FROM ledgers WHERE agent_id = ${agentId} AND ledger_name = ${ledgerName}`);
  const row = rowsOf<{ ledger_id: string | number; ledger_name: string }>(result)[0];
  return row ? { ledgerId: Number(row.ledger_id), ledgerName: row.ledger_name } : null;
}

/** The agent's ledgers: money received (net of reversed receipts), paid out and held, by the one query every screen reads. */
export const ledgersOf = ledgerMoney;

export interface ReceiptsOptions {
  agentId: number;
  /** Nairobi days, both included ('YYYY-MM-DD'). */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
  /** Keyset: only receipts after this one in the list's order (newest first), for reading an export in batches. */
  after?: ReceiptKey | undefined;
}

/** A receipt's place in the list: its instant as PostgreSQL writes it (microseconds kept) and its id. */
export interface ReceiptKey {
  postedAt: string;
  txnId: number;
}

/** Receipts newest first, with their number, ledger, tenancy, who took them and any reversal. */
export async function receiptsOf(db: DbOrTx, o: ReceiptsOptions) {
  // Day bounds turned into instants once, so the range reads posted_at as it is indexed.
  const from = o.from ? sql`AND j.posted_at >= ${o.from}::date::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}` : sql``;
  const to = o.to ? sql`AND j.posted_at < (${o.to}::date + 1)::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}` : sql``;
  const after = o.after ? sql`AND (j.posted_at, j.txn_id) < (${o.after.postedAt}::timestamptz, ${o.after.txnId}::bigint)` : sql``;
  const result = await db.execute(sql`
    SELECT j.txn_id, j.receipt_no, j.posted_at, j.posted_at::text AS posted_key, j.details, g.ledger_name, l.debit_cents, t.tenancy_id, c.full_name,
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
    WHERE j.agent_id = ${o.agentId} AND j.kind = 'receipt' ${from} ${to} ${after}
    ORDER BY j.posted_at DESC, j.txn_id DESC
    LIMIT ${o.limit} OFFSET ${o.offset}`);
  return rowsOf<Record<string, string | number | Date | null>>(result);
}
