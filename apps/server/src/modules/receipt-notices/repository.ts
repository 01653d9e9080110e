import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Queues a notice per receipt and channel, in the transaction that posted the
 * receipts. The balance after each receipt is today's balance plus the
 * receipts of the same tenancy posted after it in this transaction.
 */
export async function enqueueNotices(db: DbOrTx, txnIds: number[], channels: { sms: boolean }, at: Date) {
  if (txnIds.length === 0) return;
  await db.execute(sql`
    WITH r AS (
      SELECT j.txn_id, j.agent_id, j.tenancy_id, j.receipt_no, l.debit_cents AS amount
      FROM jsonb_array_elements_text(${JSON.stringify(txnIds)}::jsonb) AS ids(id)
      JOIN journal_transactions j ON j.txn_id = ids.id::bigint AND j.kind = 'receipt'
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger'
    )
    INSERT INTO receipt_notices (agent_id, txn_id, channel, recipient, receipt_no, amount_cents, balance_after_cents, agency_name, next_attempt_at)
    SELECT r.agent_id, r.txn_id, ch.channel, CASE ch.channel WHEN 'email' THEN c.email ELSE c.phone_no END, r.receipt_no, r.amount,
           b.balance_cents + coalesce(sum(r.amount) OVER (
             PARTITION BY r.tenancy_id, ch.channel ORDER BY r.receipt_no DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
           a.agent_name, ${at.toISOString()}
    FROM r
    JOIN tenancies t ON t.tenancy_id = r.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN tenancy_balances b ON b.tenancy_id = r.tenancy_id
    JOIN agents a ON a.agent_id = r.agent_id
    CROSS JOIN (VALUES ('email'), ('sms')) AS ch(channel)
    WHERE (ch.channel = 'email' AND c.email LIKE '%_@_%') OR (ch.channel = 'sms' AND ${channels.sms}::boolean AND c.phone_no <> '')
    ON CONFLICT (txn_id, channel) DO NOTHING`);
}

export interface Notice {
  noticeId: number;
  channel: 'email' | 'sms';
  recipient: string;
  receiptNo: number;
  amountCents: number;
  balanceAfterCents: number;
  agencyName: string;
  attempts: number;
}

/**
 * Claims due notices by moving their next attempt on (a lease): another
 * process draining at once skips them, and one that dies mid-send leaves them
 * to be retried when the lease ends.
 */
export async function claimDue(
  db: DbOrTx,
  now: Date,
  leaseSeconds: number,
  maxAttempts: number,
  limit: number,
): Promise<Notice[]> {
  const result = await db.execute(sql`
    UPDATE receipt_notices SET attempts = attempts + 1,
      next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds} * power(2, attempts))
    WHERE notice_id IN (
      SELECT notice_id FROM receipt_notices
      WHERE sent_at IS NULL AND attempts < ${maxAttempts} AND next_attempt_at <= ${now.toISOString()}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING notice_id, channel, recipient, receipt_no, amount_cents, balance_after_cents, agency_name, attempts`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    noticeId: Number(r.notice_id),
    channel: r.channel as Notice['channel'],
    recipient: String(r.recipient),
    receiptNo: Number(r.receipt_no),
    amountCents: Number(r.amount_cents),
    balanceAfterCents: Number(r.balance_after_cents),
    agencyName: String(r.agency_name),
    attempts: Number(r.attempts),
  }));
}

export async function markSent(db: DbOrTx, noticeId: number, at: Date) {
  await db.execute(
    sql`UPDATE receipt_notices SET sent_at = ${at.toISOString()}, last_error = NULL WHERE notice_id = ${noticeId}`,
  );
}

export async function markFailed(db: DbOrTx, noticeId: number, error: string) {
  await db.execute(
    sql`UPDATE receipt_notices SET last_error = ${error.slice(0, 500)} WHERE notice_id = ${noticeId}`,
  );
}
