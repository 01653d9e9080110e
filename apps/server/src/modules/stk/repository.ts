import { MPESA_LEDGER_NAME } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface CredentialsRow {
  agentId: number;
  shortcode: string;
  secrets: string;
  callbackToken: string;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  updatedAt: Date;
}

const toCredentials = (r: Record<string, unknown>): CredentialsRow => ({
  agentId: Number(r.agent_id),
  shortcode: String(r.shortcode),
  secrets: String(r.secrets),
  callbackToken: String(r.callback_token),
  accessToken: r.access_token == null ? null : String(r.access_token),
  accessTokenExpiresAt: r.access_token_expires_at == null ? null : new Date(r.access_token_expires_at as string),
  updatedAt: new Date(r.updated_at as string),
});

export async function credentialsOf(db: DbOrTx, agentId: number) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM daraja_credentials WHERE agent_id = ${agentId}`),
  )[0];
  return row ? toCredentials(row) : null;
}

export async function credentialsByToken(db: DbOrTx, token: string) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM daraja_credentials WHERE callback_token = ${token}`),
  )[0];
  return row ? toCredentials(row) : null;
}

/** New secrets forget the old access token: it belonged to the old consumer key. */
export async function saveCredentials(
  db: DbOrTx,
  c: { agentId: number; shortcode: string; secrets: string; callbackToken: string; at: Date; by: number },
) {
  await db.execute(sql`
    INSERT INTO daraja_credentials (agent_id, shortcode, secrets, callback_token, updated_at, updated_by)
    VALUES (${c.agentId}, ${c.shortcode}, ${c.secrets}, ${c.callbackToken}, ${c.at.toISOString()}, ${c.by})
    ON CONFLICT (agent_id) DO UPDATE SET shortcode = excluded.shortcode, secrets = excluded.secrets,
      access_token = NULL, access_token_expires_at = NULL, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

export async function saveAccessToken(db: DbOrTx, agentId: number, sealed: string, expiresAt: Date) {
  await db.execute(sql`
    UPDATE daraja_credentials SET access_token = ${sealed}, access_token_expires_at = ${expiresAt.toISOString()}
    WHERE agent_id = ${agentId}`);
}

export interface StkRow {
  requestId: number;
  agentId: number;
  tenancyId: number;
  checkoutRequestId: string;
  amountCents: number;
  phone: string;
  status: 'pending' | 'paid' | 'failed';
  resultCode: number | null;
  resultDesc: string | null;
  mpesaReceiptNumber: string | null;
  /** The receipt posted on STK Push Query's answer, before any code came. */
  queryReceiptTxnId: number | null;
  requestedAt: Date;
}

const toStk = (r: Record<string, unknown>): StkRow => ({
  requestId: Number(r.request_id),
  agentId: Number(r.agent_id),
  tenancyId: Number(r.tenancy_id),
  checkoutRequestId: String(r.checkout_request_id),
  amountCents: Number(r.amount_cents),
  phone: String(r.phone),
  status: r.status as StkRow['status'],
  resultCode: r.result_code == null ? null : Number(r.result_code),
  resultDesc: r.result_desc == null ? null : String(r.result_desc),
  mpesaReceiptNumber: r.mpesa_receipt_number == null ? null : String(r.mpesa_receipt_number),
  queryReceiptTxnId: r.receipt_txn_id == null ? null : Number(r.receipt_txn_id),
  requestedAt: new Date(r.requested_at as string),
});

export async function insertRequest(
  db: DbOrTx,
  r: {
    agentId: number;
    tenancyId: number;
    checkoutRequestId: string;
    merchantRequestId: string;
    amountCents: number;
    phone: string;
    at: Date;
    by: number | null;
  },
): Promise<StkRow> {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      INSERT INTO stk_requests (agent_id, tenancy_id, checkout_request_id, merchant_request_id, amount_cents, phone, requested_at, requested_by)
      VALUES (${r.agentId}, ${r.tenancyId}, ${r.checkoutRequestId}, ${r.merchantRequestId}, ${r.amountCents}, ${r.phone}, ${r.at.toISOString()}, ${r.by})
      RETURNING *`),
  )[0]!;
  return toStk(row);
}

/** The request locked for settling: a second callback or query for it waits, then finds it settled (the caller holds the lock). */
export async function lockRequest(db: DbOrTx, agentId: number, checkoutRequestId: string) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM stk_requests WHERE agent_id = ${agentId} AND checkout_request_id = ${checkoutRequestId} FOR UPDATE`),
  )[0];
  return row ? toStk(row) : null;
}

export async function settleRequest(
  db: DbOrTx,
  s: { requestId: number; status: 'paid' | 'failed'; code: number; desc: string; receipt: string | null; at: Date },
) {
  await db.execute(sql`
    UPDATE stk_requests SET status = ${s.status}, result_code = ${s.code}, result_desc = ${s.desc.slice(0, 500)},
      mpesa_receipt_number = ${s.receipt}, settled_at = ${s.at.toISOString()}
    WHERE request_id = ${s.requestId}`);
}

export async function setQueryReceipt(db: DbOrTx, requestId: number, txnId: number) {
  await db.execute(sql`UPDATE stk_requests SET receipt_txn_id = ${txnId} WHERE request_id = ${requestId}`);
}

export async function requestOf(db: DbOrTx, tenancyId: number, requestId: number) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM stk_requests WHERE tenancy_id = ${tenancyId} AND request_id = ${requestId}`),
  )[0];
  return row ? toStk(row) : null;
}

export async function recentRequests(db: DbOrTx, tenancyId: number, limit = 5) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM stk_requests WHERE tenancy_id = ${tenancyId} ORDER BY requested_at DESC, request_id DESC LIMIT ${limit}`),
  ).map(toStk);
}

/**
 * Pending requests older than `before` not asked about since then, marked as
 * asked in the same statement, so two processes sweeping at once ask once.
 */
export async function claimOverdue(db: DbOrTx, before: Date, now: Date, limit = 20) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE stk_requests SET last_query_at = ${now.toISOString()}
      WHERE request_id IN (
        SELECT request_id FROM stk_requests
        WHERE status = 'pending' AND requested_at <= ${before.toISOString()}
          AND (last_query_at IS NULL OR last_query_at <= ${before.toISOString()})
        ORDER BY requested_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING *`),
  ).map(toStk);
}

/** The Mpesa ledger and the user the journal names for money that came in by itself. */
export async function postingTargets(db: DbOrTx, agentId: number) {
  const row = rowsOf<{ ledger_id: string | number | null; owner_user_no: string | number }>(
    await db.execute(sql`
      SELECT (SELECT ledger_id FROM ledgers WHERE agent_id = a.agent_id AND ledger_name = ${MPESA_LEDGER_NAME}) AS ledger_id, a.owner_user_no
      FROM agents a WHERE a.agent_id = ${agentId}`),
  )[0];
  if (!row || row.ledger_id == null) return null;
  return { ledgerId: Number(row.ledger_id), ownerUserNo: Number(row.owner_user_no) };
}

export async function storeRejection(db: DbOrTx, agentId: number, reason: string, body: string, at: Date) {
  await db.execute(sql`
    INSERT INTO mpesa_rejections (agent_id, endpoint, trans_id, reason, body, received_at)
    VALUES (${agentId}, 'stk', NULL, ${reason}, ${body.slice(0, 10_000)}, ${at.toISOString()})`);
}
