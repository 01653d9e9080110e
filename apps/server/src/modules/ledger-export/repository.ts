import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * A journal line's account as the accountant's chart names it: the tenant's
 * sub-account (every charge kind as one), each money ledger apart, the other
 * accounts as they are.
 */
const ACCOUNT_KEY = sql`CASE l.account
  WHEN 'tenant' THEN 'tenant:' || CASE WHEN l.sub_account LIKE 'charge:%' THEN 'charge' ELSE l.sub_account END
  WHEN 'ledger' THEN 'ledger:' || l.ledger_id
  ELSE l.account END`;

export async function ledgersOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(
    sql`SELECT ledger_id, ledger_name FROM ledgers WHERE agent_id = ${agentId} ORDER BY ledger_id`,
  );
  return rowsOf<{ ledger_id: string | number; ledger_name: string }>(result).map((r) => ({
    ledgerId: Number(r.ledger_id),
    name: r.ledger_name,
  }));
}

export async function savedChart(db: DbOrTx, agentId: number) {
  const result = await db.execute(
    sql`SELECT account_key, code, name, tax_rate FROM ledger_chart WHERE agent_id = ${agentId}`,
  );
  return rowsOf<{ account_key: string; code: string; name: string; tax_rate: string }>(result);
}

export async function saveChart(
  db: DbOrTx,
  agentId: number,
  entries: { key: string; code: string; name: string; taxRate: string }[],
) {
  await db.execute(sql`
    INSERT INTO ledger_chart (agent_id, account_key, code, name, tax_rate)
    SELECT ${agentId}, e.key, e.code, e.name, e.tax_rate
    FROM jsonb_to_recordset(${JSON.stringify(entries.map((e) => ({ key: e.key, code: e.code, name: e.name, tax_rate: e.taxRate })))}::jsonb)
      AS e(key text, code text, name text, tax_rate text)
    ON CONFLICT (agent_id, account_key) DO UPDATE
      SET code = excluded.code, name = excluded.name, tax_rate = excluded.tax_rate, updated_at = now()`);
}

export interface ExportLine {
  txnId: number;
  postedAt: Date;
  kind: string;
  receiptNo: number | null;
  details: string;
  key: string;
  debit: number;
  credit: number;
}

/**
 * The journal lines of the transactions posted in [from, to), summed per
 * transaction and account: a receipt's rent and water lines on one tenant
 * sub-account each, a transaction's lines in one order.
 */
export async function linesOf(db: DbOrTx, agentId: number, from: Date, to: Date): Promise<ExportLine[]> {
  const result = await db.execute(sql`
    SELECT j.txn_id, j.posted_at, j.kind, j.receipt_no, j.details, ${ACCOUNT_KEY} AS key,
           sum(l.debit_cents)::bigint AS debit, sum(l.credit_cents)::bigint AS credit
    FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id
    WHERE j.agent_id = ${agentId} AND j.posted_at >= ${from.toISOString()} AND j.posted_at < ${to.toISOString()}
    GROUP BY j.txn_id, j.posted_at, j.kind, j.receipt_no, j.details, 6
    ORDER BY j.posted_at, j.txn_id, 6`);
  return rowsOf<Record<string, string | number | Date | null>>(result).map((r) => ({
    txnId: Number(r.txn_id),
    postedAt: new Date(r.posted_at as string),
    kind: String(r.kind),
    receiptNo: r.receipt_no === null ? null : Number(r.receipt_no),
    details: String(r.details),
    key: String(r.key),
    debit: Number(r.debit),
    credit: Number(r.credit),
  }));
}
