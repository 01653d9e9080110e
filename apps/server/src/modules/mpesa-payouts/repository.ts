import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export type PayoutStatus = 'queued' | 'sending' | 'pending' | 'paid' | 'failed';

export interface PayoutRow {
  requestId: number;
  agentId: number;
  landlordNo: number;
  landlordName: string;
  command: 'BusinessPayment' | 'BusinessPayBill';
  amountCents: number;
  partyB: string;
  accountReference: string;
  payoutDate: string;
  remits: string | null;
  requestKey: string;
  originatorId: string;
  callbackBase: string;
  status: PayoutStatus;
  timedOut: boolean;
  resultCode: number | null;
  resultDesc: string | null;
  transactionId: string | null;
  payoutId: number | null;
  requestedAt: Date;
  requestedBy: number;
  sentAt: Date | null;
}

const toRow = (r: Record<string, unknown>): PayoutRow => ({
  requestId: Number(r.request_id),
  agentId: Number(r.agent_id),
  landlordNo: Number(r.landlord_no),
  landlordName: String(r.full_name ?? ''),
  command: r.command as PayoutRow['command'],
  amountCents: Number(r.amount_cents),
  partyB: String(r.party_b),
  accountReference: String(r.account_reference),
  payoutDate: String(r.payout_date),
  remits: r.remits == null ? null : String(r.remits),
  requestKey: String(r.request_key),
  originatorId: String(r.originator_id),
  callbackBase: String(r.callback_base),
  status: r.status as PayoutStatus,
  timedOut: r.timed_out === true || r.timed_out === 't',
  resultCode: r.result_code == null ? null : Number(r.result_code),
  resultDesc: r.result_desc == null ? null : String(r.result_desc),
  transactionId: r.transaction_id == null ? null : String(r.transaction_id),
  payoutId: r.payout_id == null ? null : Number(r.payout_id),
  requestedAt: new Date(r.requested_at as string),
  requestedBy: Number(r.requested_by),
  sentAt: r.sent_at == null ? null : new Date(r.sent_at as string),
});

const COLUMNS = sql`p.request_id, p.agent_id, p.landlord_no, c.full_name, p.command, p.amount_cents, p.party_b, p.account_reference,
  p.payout_date::text AS payout_date, p.remits, p.request_key, p.originator_id, p.callback_base, p.status, p.timed_out,
  p.result_code, p.result_desc, p.transaction_id, p.payout_id, p.requested_at, p.requested_by, p.sent_at`;

export async function byKey(db: DbOrTx, agentId: number, key: string, landlordNo: number) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${COLUMNS} FROM mpesa_payouts p JOIN clients c ON c.client_no = p.landlord_no
      WHERE p.agent_id = ${agentId} AND p.request_key = ${key} AND p.landlord_no = ${landlordNo}`),
  )[0];
  return row ? toRow(row) : null;
}

/** Money on its way to the landlord that the books do not show yet: it is not paid out twice. */
export async function inFlightCents(db: DbOrTx, agentId: number, landlordNo: number) {
  const result = await db.execute(sql`
    SELECT coalesce(sum(amount_cents), 0)::bigint AS cents FROM mpesa_payouts
    WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo} AND status IN ('queued', 'sending', 'pending')`);
  return Number(rowsOf<{ cents: string | number }>(result)[0]?.cents ?? 0);
}

export async function insert(
  db: DbOrTx,
  p: {
    agentId: number;
    landlordNo: number;
    command: PayoutRow['command'];
    amountCents: number;
    partyB: string;
    accountReference: string;
    payoutDate: string;
    remits: string | null;
    key: string;
    originatorId: string;
    callbackBase: string;
    at: Date;
    by: number;
  },
) {
  const result = await db.execute(sql`
    INSERT INTO mpesa_payouts (agent_id, landlord_no, command, amount_cents, party_b, account_reference, payout_date, remits,
      request_key, originator_id, callback_base, requested_at, requested_by)
    VALUES (${p.agentId}, ${p.landlordNo}, ${p.command}, ${p.amountCents}, ${p.partyB}, ${p.accountReference}, ${p.payoutDate},
      ${p.remits}, ${p.key}, ${p.originatorId}, ${p.callbackBase}, ${p.at.toISOString()}, ${p.by})
    RETURNING request_id`);
  return Number(rowsOf<{ request_id: string | number }>(result)[0]!.request_id);
}

/** Moves a queued request to 'sending': only the process whose update matched sends it. */
export async function claimForSending(db: DbOrTx, requestId: number, at: Date) {
  const result = await db.execute(sql`
    UPDATE mpesa_payouts SET status = 'sending', sent_at = ${at.toISOString()}
    WHERE request_id = ${requestId} AND status = 'queued' RETURNING request_id`);
  if (rowsOf(result).length === 0) return null;
  return one(db, requestId);
}

export async function one(db: DbOrTx, requestId: number) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${COLUMNS} FROM mpesa_payouts p JOIN clients c ON c.client_no = p.landlord_no WHERE p.request_id = ${requestId}`),
  )[0];
  return row ? toRow(row) : null;
}

export async function lockByOriginator(db: DbOrTx, agentId: number, originatorId: string) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${COLUMNS} FROM mpesa_payouts p JOIN clients c ON c.client_no = p.landlord_no
      WHERE p.agent_id = ${agentId} AND p.originator_id = ${originatorId} FOR UPDATE OF p`),
  )[0];
  return row ? toRow(row) : null;
}

export async function markAccepted(db: DbOrTx, requestId: number, conversationId: string) {
  await db.execute(sql`
    UPDATE mpesa_payouts SET status = 'pending', conversation_id = ${conversationId}
    WHERE request_id = ${requestId} AND status = 'sending'`);
}

/** A refusal Daraja gave before anything moved; a result already in is kept. */
export async function markRefused(db: DbOrTx, requestId: number, reason: string, at: Date) {
  await db.execute(sql`
    UPDATE mpesa_payouts SET status = 'failed', result_desc = ${reason}, settled_at = ${at.toISOString()}
    WHERE request_id = ${requestId} AND status = 'sending'`);
}

export async function settle(
  db: DbOrTx,
  s: { requestId: number; status: 'paid' | 'failed'; code: number; desc: string; transactionId: string | null; payoutId: number | null; at: Date },
) {
  await db.execute(sql`
    UPDATE mpesa_payouts SET status = ${s.status}, result_code = ${s.code}, result_desc = ${s.desc},
      transaction_id = ${s.transactionId}, payout_id = ${s.payoutId}, settled_at = ${s.at.toISOString()}
    WHERE request_id = ${s.requestId}`);
}

export async function markTimedOut(db: DbOrTx, requestId: number) {
  await db.execute(sql`UPDATE mpesa_payouts SET timed_out = true WHERE request_id = ${requestId} AND status IN ('sending', 'pending')`);
}

/** Requests left queued (a run killed between writing and sending) for a minute or more. */
export async function strandedQueued(db: DbOrTx, before: Date) {
  const result = await db.execute(sql`
    SELECT request_id FROM mpesa_payouts WHERE status = 'queued' AND requested_at < ${before.toISOString()}
    ORDER BY request_id LIMIT 200`);
  return rowsOf<{ request_id: string | number }>(result).map((r) => Number(r.request_id));
}

/**
 * Sent requests whose result is overdue (or whose queue timed out), claimed
 * for one Transaction Status each: the stamp keeps other processes, and this
 * one, from asking again before the wait passes once more.
 */
export async function claimOverdue(db: DbOrTx, sentBefore: Date, at: Date) {
  const result = await db.execute(sql`
    UPDATE mpesa_payouts SET status_asked_at = ${at.toISOString()}
    WHERE request_id IN (
      SELECT request_id FROM mpesa_payouts
      WHERE status IN ('sending', 'pending')
        AND (sent_at < ${sentBefore.toISOString()} OR timed_out)
        AND (status_asked_at IS NULL OR status_asked_at < ${sentBefore.toISOString()})
      ORDER BY request_id LIMIT 100 FOR UPDATE SKIP LOCKED)
    RETURNING request_id`);
  return rowsOf<{ request_id: string | number }>(result).map((r) => Number(r.request_id));
}

export async function listOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`SELECT ${COLUMNS} FROM mpesa_payouts p JOIN clients c ON c.client_no = p.landlord_no
    WHERE p.agent_id = ${agentId} ORDER BY p.request_id DESC LIMIT 500`);
  return rowsOf<Record<string, unknown>>(result).map(toRow);
}

/** The agency's sealed Daraja secrets, the initiator among them once set (decision 058). */
export async function sealedSecretsOf(db: DbOrTx, agentId: number) {
  const row = rowsOf<{ secrets: string }>(await db.execute(sql`SELECT secrets FROM daraja_credentials WHERE agent_id = ${agentId} FOR UPDATE`))[0];
  return row?.secrets ?? null;
}

export async function saveSealedSecrets(db: DbOrTx, agentId: number, sealed: string, at: Date, by: number) {
  await db.execute(sql`
    UPDATE daraja_credentials SET secrets = ${sealed}, updated_at = ${at.toISOString()}, updated_by = ${by} WHERE agent_id = ${agentId}`);
}

/** Back to 'queued' when nothing reached Daraja's payment API (its OAuth failed). */
export async function requeue(db: DbOrTx, requestId: number) {
  await db.execute(sql`UPDATE mpesa_payouts SET status = 'queued', sent_at = NULL WHERE request_id = ${requestId} AND status = 'sending'`);
}
