import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface OutboxRow {
  noticeId: number;
  failed: boolean;
  channel: 'email' | 'sms';
  recipient: string;
  /** Null for a text that is not a receipt. */
  receiptNo: number | null;
  amountCents: number | null;
  attempts: number;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** The agency's notices not yet sent: the ones that failed for good first, then the oldest waiting. */
export async function unsent(db: DbOrTx, agentId: number, limit: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    SELECT notice_id, failed_at IS NOT NULL AS failed, channel, recipient, receipt_no, amount_cents, attempts,
           last_attempt_at, next_attempt_at, last_error
    FROM receipt_notices
    WHERE agent_id = ${agentId} AND sent_at IS NULL
    ORDER BY failed_at IS NULL, notice_id
    LIMIT ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    noticeId: Number(r.notice_id),
    failed: Boolean(r.failed),
    channel: r.channel as OutboxRow['channel'],
    recipient: String(r.recipient),
    receiptNo: r.receipt_no == null ? null : Number(r.receipt_no),
    amountCents: r.amount_cents == null ? null : Number(r.amount_cents),
    attempts: Number(r.attempts),
    lastAttemptAt: r.last_attempt_at ? new Date(String(r.last_attempt_at)) : null,
    nextAttemptAt: new Date(String(r.next_attempt_at)),
    lastError: r.last_error === null ? null : String(r.last_error),
  }));
}

export type ResendOutcome = 'queued' | 'sent' | 'sending' | 'missing';

/**
 * Makes an unsent notice due now, undeliverable or not. One being sent (its
 * claim still running) is left to that send: resending it would send it twice.
 */
export async function resend(db: DbOrTx, agentId: number, noticeId: number, now: Date): Promise<ResendOutcome> {
  const result = await db.execute(sql`
    SELECT sent_at IS NOT NULL AS sent, claim_token IS NOT NULL AND next_attempt_at > ${now.toISOString()} AS sending
    FROM receipt_notices WHERE notice_id = ${noticeId} AND agent_id = ${agentId} FOR UPDATE`);
  const row = rowsOf<{ sent: boolean; sending: boolean }>(result)[0];
  if (!row) return 'missing';
  if (row.sent) return 'sent';
  if (row.sending) return 'sending';
  await db.execute(sql`
    UPDATE receipt_notices SET failed_at = NULL, claim_token = NULL, next_attempt_at = ${now.toISOString()}
    WHERE notice_id = ${noticeId}`);
  return 'queued';
}
