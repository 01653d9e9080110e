import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { isMpesaPosting } from '../ledger/receipt-writer';
import { normalized } from '../mpesa/matching';

/**
 * Receipts posted on STK Push Query's word, before the payment's M-Pesa code
 * was known, and the payments whose money they hold (decision 021). A query
 * receipt holds at most one payment (`mpesa_payments.covered_by_txn_id` is
 * unique); a payment it holds gets no receipt of its own, so the journal
 * holds one receipt per payment whichever of query, callback, C2B or import
 * came first. Callers hold the agency's receipt counter, which orders them.
 */

/** A payment's code reaches a query's request this long before the request was made (clocks disagree). */
const SKEW = "interval '5 minutes'";
/** An STK payment is made within minutes of its request; a day covers any delay of M-Pesa's. */
const WINDOW = "interval '1 day'";

const notReversed = (txnId: ReturnType<typeof sql>) =>
  sql`NOT EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = ${txnId})`;

/**
 * A payment already posted with a receipt of its own that the request's
 * money can be: same tenancy, same amount, made after the request and held
 * by no other query receipt or request. The query then posts nothing.
 */
export async function postedPaymentFor(
  db: DbOrTx,
  r: { agentId: number; tenancyId: number; amountCents: number; requestedAt: Date },
  now: Date,
) {
  const row = rowsOf<{ trans_id: string }>(
    await db.execute(sql`
      SELECT p.trans_id FROM mpesa_payments p
      JOIN journal_transactions j ON j.agent_id = p.agent_id AND j.kind = 'receipt'
        AND ${isMpesaPosting(sql`j.idempotency_key`, sql`p.trans_id`)}
      WHERE p.agent_id = ${r.agentId} AND p.status = 'matched' AND p.tenancy_id = ${r.tenancyId}
        AND p.amount_cents = ${r.amountCents} AND p.covered_by_txn_id IS NULL
        AND p.trans_time >= ${r.requestedAt.toISOString()}::timestamptz - ${sql.raw(SKEW)}
        AND p.trans_time <= ${now.toISOString()}::timestamptz + ${sql.raw(SKEW)}
        AND ${notReversed(sql`j.txn_id`)}
        AND NOT EXISTS (SELECT 1 FROM stk_requests s WHERE s.agent_id = p.agent_id AND s.mpesa_receipt_number = p.trans_id)
      ORDER BY p.trans_time, p.trans_id LIMIT 1`),
  )[0];
  return row ? row.trans_id : null;
}

/** The request's query receipt when no payment holds it yet and it stands (not reversed). */
export async function openQueryReceiptOf(db: DbOrTx, requestId: number) {
  const row = rowsOf<{ receipt_txn_id: string | number }>(
    await db.execute(sql`
      SELECT s.receipt_txn_id FROM stk_requests s
      WHERE s.request_id = ${requestId} AND s.receipt_txn_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM mpesa_payments p WHERE p.covered_by_txn_id = s.receipt_txn_id)
        AND ${notReversed(sql`s.receipt_txn_id`)}`),
  )[0];
  return row ? Number(row.receipt_txn_id) : null;
}

/** Puts a stored payment's money in a query receipt: matched to that receipt's tenancy, with no receipt of its own. */
export async function coverPayment(db: DbOrTx, agentId: number, transId: string, receiptTxnId: number, tenancyId: number) {
  await db.execute(sql`
    UPDATE mpesa_payments SET covered_by_txn_id = ${receiptTxnId}, status = 'matched', tenancy_id = ${tenancyId}
    WHERE agent_id = ${agentId} AND trans_id = ${transId}`);
}

/**
 * For each payment just stored (C2B or statement import), the open query
 * receipt it is: same amount, its account number naming the request's
 * tenancy, made within a day after the request. The payment is covered and
 * the request learns its code; answers the TransIDs covered, which post no
 * receipt of their own.
 */
export async function coverWithQueryReceipts(
  db: DbOrTx,
  agentId: number,
  payments: { transId: string; tenancyId: number | null; amountCents: number; transTime: Date }[],
): Promise<Set<string>> {
  const covered = new Set<string>();
  if (payments.length === 0) return covered;
  // One look for the amounts of the agency's open query receipts (few, often none), so a 10,000-row import stays a few statements.
  const amounts = new Set(
    rowsOf<{ amount_cents: string | number }>(
      await db.execute(sql`
        SELECT DISTINCT s.amount_cents FROM stk_requests s
        WHERE s.agent_id = ${agentId} AND s.receipt_txn_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM mpesa_payments c WHERE c.covered_by_txn_id = s.receipt_txn_id)`),
    ).map((r) => Number(r.amount_cents)),
  );
  for (const p of payments) {
    if (!amounts.has(p.amountCents)) continue;
    const row = rowsOf<{ request_id: string | number; receipt_txn_id: string | number; tenancy_id: string | number }>(
      await db.execute(sql`
        SELECT s.request_id, s.receipt_txn_id, s.tenancy_id FROM stk_requests s
        WHERE s.agent_id = ${agentId} AND s.receipt_txn_id IS NOT NULL AND s.amount_cents = ${p.amountCents}
          AND (s.tenancy_id = ${p.tenancyId}
               OR s.tenancy_id::text = (SELECT ${normalized(sql`m.account_reference`)} FROM mpesa_payments m
                                        WHERE m.agent_id = ${agentId} AND m.trans_id = ${p.transId}))
          AND s.requested_at <= ${p.transTime.toISOString()}::timestamptz + ${sql.raw(SKEW)}
          AND s.requested_at >= ${p.transTime.toISOString()}::timestamptz - ${sql.raw(WINDOW)}
          AND NOT EXISTS (SELECT 1 FROM mpesa_payments c WHERE c.covered_by_txn_id = s.receipt_txn_id)
          AND ${notReversed(sql`s.receipt_txn_id`)}
        ORDER BY (s.mpesa_receipt_number IS NOT DISTINCT FROM ${p.transId}) DESC, s.requested_at, s.request_id
        LIMIT 1 FOR UPDATE`),
    )[0];
    if (!row) continue;
    await coverPayment(db, agentId, p.transId, Number(row.receipt_txn_id), Number(row.tenancy_id));
    await db.execute(sql`
      UPDATE stk_requests SET mpesa_receipt_number = coalesce(mpesa_receipt_number, ${p.transId})
      WHERE request_id = ${row.request_id}`);
    covered.add(p.transId);
  }
  return covered;
}

/** The payment a query receipt holds, if any. */
export async function paymentCoveredBy(db: DbOrTx, agentId: number, receiptTxnId: number) {
  const row = rowsOf<{ trans_id: string }>(
    await db.execute(sql`
      SELECT trans_id FROM mpesa_payments WHERE agent_id = ${agentId} AND covered_by_txn_id = ${receiptTxnId}`),
  )[0];
  return row ? row.trans_id : null;
}
