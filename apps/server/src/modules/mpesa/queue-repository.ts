import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { isMpesaPosting } from '../ledger/receipt-writer';

export async function unmatchedOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT payment_id, trans_id, trans_time, amount_cents, account_reference, msisdn, payer_name, source
    FROM mpesa_payments WHERE agent_id = ${agentId} AND status = 'unmatched'
    ORDER BY trans_time, payment_id LIMIT 1000`);
  return rowsOf<Record<string, string | number | Date>>(result);
}

/**
 * Takes an unmatched payment for a tenancy, in one statement: of two clerks at
 * once, one changes the row and the other finds it no longer unmatched.
 */
export async function claimForTenancy(
  db: DbOrTx,
  agentId: number,
  paymentId: number,
  tenancyId: number,
  by: number,
) {
  const result = await db.execute(sql`
    UPDATE mpesa_payments SET status = 'matched', tenancy_id = ${tenancyId}, handled_by = ${by}
    WHERE payment_id = ${paymentId} AND agent_id = ${agentId} AND status = 'unmatched'
    RETURNING trans_id, amount_cents, trans_time`);
  const row = rowsOf<{ trans_id: string; amount_cents: string | number; trans_time: string | Date }>(result)[0];
  return row ? { transId: row.trans_id, amountCents: Number(row.amount_cents), transTime: new Date(row.trans_time) } : null;
}

export async function setAsideNotRent(
  db: DbOrTx,
  agentId: number,
  paymentId: number,
  note: string,
  by: number,
) {
  const result = await db.execute(sql`
    UPDATE mpesa_payments SET status = 'not_rent', note = ${note}, handled_by = ${by}
    WHERE payment_id = ${paymentId} AND agent_id = ${agentId} AND status = 'unmatched'
    RETURNING payment_id`);
  return rowsOf(result).length > 0;
}

export async function paymentExists(db: DbOrTx, agentId: number, paymentId: number) {
  const result = await db.execute(
    sql`SELECT 1 FROM mpesa_payments WHERE payment_id = ${paymentId} AND agent_id = ${agentId}`,
  );
  return rowsOf(result).length > 0;
}

/**
 * Payments made in [from, to) against what the journal holds for them: the
 * receipt's amount, less its reversal if it was reversed.
 */
export async function reconciliationOf(db: DbOrTx, agentId: number, from: Date, to: Date) {
  const result = await db.execute(sql`
    SELECT p.trans_id, p.trans_time, p.amount_cents, p.status, coalesce(p.note, '') AS note,
           coalesce((SELECT sum(l.debit_cents - l.credit_cents)
                     FROM journal_transactions j
                     JOIN journal_transactions x ON x.txn_id = j.txn_id OR x.reverses_txn_id = j.txn_id
                     JOIN journal_lines l ON l.txn_id = x.txn_id AND l.account = 'ledger'
                     WHERE j.agent_id = ${agentId} AND (${isMpesaPosting(sql`j.idempotency_key`, sql`p.trans_id`)}
                       OR j.txn_id = p.covered_by_txn_id)), 0)::bigint AS posted_cents
    FROM mpesa_payments p
    WHERE p.agent_id = ${agentId} AND p.trans_time >= ${from.toISOString()} AND p.trans_time < ${to.toISOString()}
    ORDER BY p.trans_time, p.trans_id`);
  const rejected = await db.execute(sql`
    SELECT count(*)::int AS n FROM mpesa_rejections
    WHERE agent_id = ${agentId} AND endpoint = 'confirmation' AND received_at >= ${from.toISOString()} AND received_at < ${to.toISOString()}`);
  return {
    payments: rowsOf<{
      trans_id: string;
      trans_time: string | Date;
      amount_cents: string | number;
      status: string;
      note: string;
      posted_cents: string | number;
    }>(result),
    rejected: Number(rowsOf<{ n: number }>(rejected)[0]?.n ?? 0),
  };
}

/** How many receipts the journal holds for one M-Pesa payment, reversed ones included. */
export async function postingsOf(db: DbOrTx, agentId: number, transId: string) {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM journal_transactions j
    WHERE j.agent_id = ${agentId} AND j.kind = 'receipt' AND ${isMpesaPosting(sql`j.idempotency_key`, sql`${transId}::text`)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Puts a payment whose receipt was reversed back in the queue, so the money
 * is posted again to where it belongs (docs/decisions/007-mpesa-paybill.md).
 */
export async function returnToQueue(db: DbOrTx, agentId: number, transId: string) {
  await db.execute(sql`
    UPDATE mpesa_payments SET status = 'unmatched', tenancy_id = NULL, handled_by = NULL, covered_by_txn_id = NULL
    WHERE agent_id = ${agentId} AND trans_id = ${transId} AND status = 'matched'`);
}
