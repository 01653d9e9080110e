import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@makazi/domain';
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

/**
 * Queues a text that is not a receipt (a tenant's link, a repair's status) by
 * SMS, in the transaction of what it tells, so it goes out once that commits
 * and is retried like a receipt's notice.
 */
export async function enqueueText(db: DbOrTx, t: { agentId: number; recipient: string; body: string; at: Date }) {
  await db.execute(sql`
    INSERT INTO receipt_notices (agent_id, channel, recipient, body, agency_name, next_attempt_at)
    SELECT ${t.agentId}, 'sms', ${t.recipient}, ${t.body}, a.agent_name, ${t.at.toISOString()} FROM agents a WHERE a.agent_id = ${t.agentId}`);
}

export interface Notice {
  noticeId: number;
  channel: 'email' | 'sms';
  recipient: string;
  /** A text that is not a receipt: its words, sent as they are. */
  body: string | null;
  /** Such a text's email subject (an invoice's); a receipt's is made when it is sent. */
  subject: string | null;
  receiptNo: number;
  amountCents: number;
  balanceAfterCents: number;
  agencyName: string;
  /** The tenant's preferred language when the notice is sent. */
  language: Language;
  attempts: number;
}

/**
 * Claims due notices for one sender: their next attempt moves past the lease
 * (another process skips them meanwhile) and they carry this claim's token,
 * so only this claim can record how the send went. The lease is longer than
 * any send may take (the notifier bounds each send), so no two processes ever
 * send one notice.
 */
export async function claimDue(
  db: DbOrTx,
  now: Date,
  claimToken: string,
  leaseSeconds: number,
  limit: number,
): Promise<Notice[]> {
  const result = await db.execute(sql`
    UPDATE receipt_notices SET attempts = attempts + 1, claim_token = ${claimToken}, last_attempt_at = ${now.toISOString()},
      next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds})
    WHERE notice_id IN (
      SELECT notice_id FROM receipt_notices
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now.toISOString()}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING notice_id, channel, recipient, body, subject, receipt_no, amount_cents, balance_after_cents, agency_name, attempts,
      (SELECT c.preferred_language FROM journal_transactions j
         JOIN tenancies t ON t.tenancy_id = j.tenancy_id JOIN clients c ON c.client_no = t.client_no
        WHERE j.txn_id = receipt_notices.txn_id) AS language`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    noticeId: Number(r.notice_id),
    channel: r.channel as Notice['channel'],
    recipient: String(r.recipient),
    body: r.body == null ? null : String(r.body),
    subject: r.subject == null ? null : String(r.subject),
    receiptNo: Number(r.receipt_no ?? 0),
    amountCents: Number(r.amount_cents ?? 0),
    balanceAfterCents: Number(r.balance_after_cents ?? 0),
    agencyName: String(r.agency_name),
    language: isLanguage(r.language) ? r.language : 'en',
    attempts: Number(r.attempts),
  }));
}

/**
 * False when the claim is no longer this sender's: the outcome is not recorded.
 * A text's words go once sent (a link is a secret); an invoice's stay, as the
 * office's record of what the tenant was told.
 */
export async function markSent(db: DbOrTx, noticeId: number, claimToken: string, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE receipt_notices SET sent_at = ${at.toISOString()}, last_error = NULL, claim_token = NULL,
      body = CASE WHEN body IS NULL OR invoice_month IS NOT NULL THEN body ELSE '' END
    WHERE notice_id = ${noticeId} AND claim_token = ${claimToken} RETURNING notice_id`);
  return rowsOf(result).length > 0;
}

/** A failed try: again at `retryAt`, or never (`undeliverable`) until an admin resends it. */
export async function markFailed(
  db: DbOrTx,
  noticeId: number,
  claimToken: string,
  outcome: { error: string; retryAt: Date; undeliverable: boolean; at: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE receipt_notices SET last_error = ${outcome.error.slice(0, 500)}, claim_token = NULL,
      next_attempt_at = ${outcome.retryAt.toISOString()},
      failed_at = ${outcome.undeliverable ? outcome.at.toISOString() : null}
    WHERE notice_id = ${noticeId} AND claim_token = ${claimToken} RETURNING notice_id`);
  return rowsOf(result).length > 0;
}
