import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { paymentsJson, stagedPayments, tenancyMatch, type IncomingPayment } from './matching';

export interface Recording {
  agentId: number;
  ledgerId: number;
  source: 'callback' | 'import';
  postedAt: Date;
  postedBy: number;
  /** The agency's last receipt number, its counter locked by the caller (`lockReceiptCounter`). */
  lastReceiptNo: number;
}

/**
 * Stores payments once per TransID and posts a receipt into the Mpesa ledger
 * for each one that matches a tenancy: one statement, whatever the number of
 * payments. A TransID already stored (by a callback, an import or a resend) is
 * left alone and posts nothing. Receipt numbers follow on from the counter in
 * the order the payments were made.
 */
export async function recordPayments(db: DbOrTx, payments: IncomingPayment[], r: Recording) {
  const result = await db.execute(sql`
    WITH staged AS (${stagedPayments(paymentsJson(payments))}),
    matched AS (
      SELECT s.*, m.tenancy_id FROM staged s LEFT JOIN LATERAL (${tenancyMatch(r.agentId, sql`s.ref`)}) m ON true
    ),
    payments AS (
      INSERT INTO mpesa_payments (agent_id, trans_id, source, status, amount_cents, trans_time, account_reference, msisdn, payer_name, tenancy_id, received_at)
      SELECT ${r.agentId}, trans_id, ${r.source}, CASE WHEN tenancy_id IS NULL THEN 'unmatched' ELSE 'matched' END,
             amount_cents, trans_time, account_reference, msisdn, payer_name, tenancy_id, ${r.postedAt.toISOString()}
      FROM matched ORDER BY trans_time, trans_id
      ON CONFLICT (agent_id, trans_id) DO NOTHING
      RETURNING payment_id, trans_id, tenancy_id, amount_cents, trans_time
    ),
    numbered AS (
      -- Ids taken up front, so the lines are written from the same rows as their transaction, without a join back.
      SELECT p.*, nextval(pg_get_serial_sequence('journal_transactions', 'txn_id')) AS txn_id,
             ${r.lastReceiptNo}::bigint + row_number() OVER (ORDER BY p.trans_time, p.trans_id) AS receipt_no
      FROM payments p WHERE p.tenancy_id IS NOT NULL
    ),
    txn AS (
      INSERT INTO journal_transactions (txn_id, agent_id, kind, tenancy_id, posted_at, details, idempotency_key, posted_by, receipt_no)
      OVERRIDING SYSTEM VALUE
      SELECT txn_id, ${r.agentId}, 'receipt', tenancy_id, ${r.postedAt.toISOString()}, 'M-Pesa ' || trans_id, 'mpesa:' || trans_id, ${r.postedBy}, receipt_no
      FROM numbered
      RETURNING txn_id
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
      SELECT txn_id, ${r.agentId}::bigint, 'ledger', NULL, NULL, ${r.ledgerId}::bigint, amount_cents, 0 FROM numbered
      UNION ALL
      SELECT txn_id, ${r.agentId}::bigint, 'tenant', 'rent', tenancy_id, NULL, 0, amount_cents FROM numbered
    ),
    counter AS (
      UPDATE receipt_counters SET last_no = last_no + (SELECT count(*) FROM numbered) WHERE agent_id = ${r.agentId}
    )
    SELECT (SELECT count(*) FROM payments)::int AS stored,
           (SELECT count(*) FROM numbered)::int AS posted,
           (SELECT coalesce(jsonb_agg(txn_id), '[]'::jsonb) FROM txn)::text AS txn_ids`);
  const row = rowsOf<{ stored: number; posted: number; txn_ids: string }>(result)[0]!;
  return {
    stored: Number(row.stored),
    posted: Number(row.posted),
    txnIds: JSON.parse(row.txn_ids) as number[],
  };
}

/** What an import would do, without doing it: each payment's tenancy, and whether its TransID is already stored. */
export async function previewPayments(db: DbOrTx, agentId: number, payments: IncomingPayment[]) {
  const result = await db.execute(sql`
    WITH staged AS (${stagedPayments(paymentsJson(payments))})
    SELECT s.trans_id, m.tenancy_id,
           EXISTS (SELECT 1 FROM mpesa_payments p WHERE p.agent_id = ${agentId} AND p.trans_id = s.trans_id) AS recorded
    FROM staged s LEFT JOIN LATERAL (${tenancyMatch(agentId, sql`s.ref`)}) m ON true`);
  return new Map(
    rowsOf<{ trans_id: string; tenancy_id: string | number | null; recorded: boolean }>(result).map((r) => [
      r.trans_id,
      { tenancyId: r.tenancy_id === null ? null : Number(r.tenancy_id), recorded: r.recorded },
    ]),
  );
}

/** The tenancy an account number names for this agency, if any. */
export async function matchAccount(
  db: DbOrTx,
  agentId: number,
  accountReference: string,
): Promise<number | null> {
  const result = await db.execute(sql`
    WITH s AS (SELECT upper(regexp_replace(${accountReference}::text, '\\s', '', 'g')) AS ref)
    SELECT m.tenancy_id FROM s LEFT JOIN LATERAL (${tenancyMatch(agentId, sql`s.ref`)}) m ON true`);
  const id = rowsOf<{ tenancy_id: string | number | null }>(result)[0]?.tenancy_id;
  return id === null || id === undefined ? null : Number(id);
}

export async function storeRejection(
  db: DbOrTx,
  r: {
    agentId: number;
    endpoint: 'validation' | 'confirmation';
    transId: string | null;
    reason: string;
    body: string;
    at: Date;
  },
) {
  await db.execute(sql`
    INSERT INTO mpesa_rejections (agent_id, endpoint, trans_id, reason, body, received_at)
    VALUES (${r.agentId}, ${r.endpoint}, ${r.transId}, ${r.reason}, ${r.body.slice(0, 10_000)}, ${r.at.toISOString()})`);
}
