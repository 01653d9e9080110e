import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { paymentsJson, stagedPayments, tenancyMatch, type IncomingPayment } from './matching';

export interface Storing {
  agentId: number;
  source: 'callback' | 'import' | 'stk' | 'pull';
  receivedAt: Date;
}

/**
 * Stores payments once per TransID, matched to a tenancy where the account
 * number names one. A TransID already stored (by a callback, an import or a
 * resend) is left alone. Answers the payments stored now, in the order they
 * were made.
 */
export async function storePayments(db: DbOrTx, payments: IncomingPayment[], r: Storing) {
  const result = await db.execute(sql`
    WITH staged AS (${stagedPayments(paymentsJson(payments))}),
    matched AS (
      SELECT s.*, m.tenancy_id FROM staged s LEFT JOIN LATERAL (${tenancyMatch(r.agentId, sql`s.ref`)}) m ON true
    ),
    payments AS (
      INSERT INTO mpesa_payments (agent_id, trans_id, source, status, amount_cents, trans_time, account_reference, msisdn, payer_name, tenancy_id, received_at)
      SELECT ${r.agentId}, trans_id, ${r.source}, CASE WHEN tenancy_id IS NULL THEN 'unmatched' ELSE 'matched' END,
             amount_cents, trans_time, account_reference, msisdn, payer_name, tenancy_id, ${r.receivedAt.toISOString()}
      FROM matched ORDER BY trans_time, trans_id
      ON CONFLICT (agent_id, trans_id) DO NOTHING
      RETURNING trans_id, tenancy_id, amount_cents, trans_time
    )
    SELECT * FROM payments ORDER BY trans_time, trans_id`);
  return rowsOf<{ trans_id: string; tenancy_id: string | number | null; amount_cents: string | number; trans_time: string | Date }>(
    result,
  ).map((p) => ({
    transId: p.trans_id,
    tenancyId: p.tenancy_id === null ? null : Number(p.tenancy_id),
    amountCents: Number(p.amount_cents),
    transTime: new Date(p.trans_time),
  }));
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
