import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface PullRow {
  registeredAt: Date | null;
  pulledUntil: Date | null;
  lastPulledAt: Date | null;
  lastError: string | null;
}

const date = (v: unknown) => (v == null ? null : new Date(v as string));

export async function pullStateOf(db: DbOrTx, agentId: number): Promise<PullRow> {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM mpesa_pulls WHERE agent_id = ${agentId}`),
  )[0];
  return {
    registeredAt: date(row?.registered_at),
    pulledUntil: date(row?.pulled_until),
    lastPulledAt: date(row?.last_pulled_at),
    lastError: row?.last_error == null ? null : String(row.last_error),
  };
}

export async function markRegistered(db: DbOrTx, agentId: number, at: Date) {
  await db.execute(sql`
    INSERT INTO mpesa_pulls (agent_id, registered_at) VALUES (${agentId}, ${at.toISOString()})
    ON CONFLICT (agent_id) DO UPDATE SET registered_at = excluded.registered_at`);
}

/** The list is read up to `until`; a later pull that read less (two at once) never moves it back. */
export async function markPulled(db: DbOrTx, agentId: number, until: Date, at: Date) {
  await db.execute(sql`
    INSERT INTO mpesa_pulls (agent_id, pulled_until, last_pulled_at) VALUES (${agentId}, ${until.toISOString()}, ${at.toISOString()})
    ON CONFLICT (agent_id) DO UPDATE SET
      pulled_until = GREATEST(mpesa_pulls.pulled_until, excluded.pulled_until),
      last_pulled_at = excluded.last_pulled_at, last_error = NULL, last_error_at = NULL`);
}

export async function markPullFailed(db: DbOrTx, agentId: number, reason: string, at: Date) {
  await db.execute(sql`
    INSERT INTO mpesa_pulls (agent_id, last_error, last_error_at) VALUES (${agentId}, ${reason.slice(0, 500)}, ${at.toISOString()})
    ON CONFLICT (agent_id) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`);
}

/** Agencies with both a paybill and a Daraja app: the ones a scheduled pull can read for. */
export async function agenciesToPull(db: DbOrTx): Promise<number[]> {
  return rowsOf<{ agent_id: string | number }>(
    await db.execute(sql`
      SELECT d.agent_id FROM daraja_credentials d JOIN mpesa_paybills p ON p.agent_id = d.agent_id ORDER BY d.agent_id`),
  ).map((r) => Number(r.agent_id));
}

/** Whether the agency has a paybill set (the M-Pesa ledger receipts post into). */
export async function hasPaybill(db: DbOrTx, agentId: number) {
  return rowsOf(await db.execute(sql`SELECT 1 FROM mpesa_paybills WHERE agent_id = ${agentId}`)).length > 0;
}

/** Of these codes, the ones the agency already holds (by any route). */
export async function knownCodes(db: DbOrTx, agentId: number, codes: string[]) {
  if (codes.length === 0) return new Set<string>();
  return new Set(
    rowsOf<{ trans_id: string }>(
      await db.execute(sql`
        SELECT trans_id FROM mpesa_payments
        WHERE agent_id = ${agentId} AND trans_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`),
    ).map((r) => r.trans_id),
  );
}

export interface CheckRow {
  checkId: number;
  agentId: number;
  transId: string;
  status: 'pending' | 'found' | 'not_found' | 'timed_out';
  amountCents: number | null;
  accountReference: string | null;
  completedAt: Date | null;
  resultDesc: string | null;
  requestedAt: Date;
}

const toCheck = (r: Record<string, unknown>): CheckRow => ({
  checkId: Number(r.check_id),
  agentId: Number(r.agent_id),
  transId: String(r.trans_id),
  status: r.status as CheckRow['status'],
  amountCents: r.amount_cents == null ? null : Number(r.amount_cents),
  accountReference: r.account_reference == null ? null : String(r.account_reference),
  completedAt: date(r.completed_at),
  resultDesc: r.result_desc == null ? null : String(r.result_desc),
  requestedAt: new Date(r.requested_at as string),
});

export async function insertCheck(
  db: DbOrTx,
  c: { agentId: number; transId: string; originatorId: string; conversationId: string | null; at: Date; by: number },
) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      INSERT INTO mpesa_status_checks (agent_id, trans_id, originator_id, conversation_id, requested_at, requested_by)
      VALUES (${c.agentId}, ${c.transId}, ${c.originatorId}, ${c.conversationId}, ${c.at.toISOString()}, ${c.by})
      RETURNING *`),
  )[0]!;
  return toCheck(row);
}

export async function checkOf(db: DbOrTx, agentId: number, checkId: number) {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM mpesa_status_checks WHERE agent_id = ${agentId} AND check_id = ${checkId}`),
  )[0];
  return row ? toCheck(row) : null;
}

export async function recentChecks(db: DbOrTx, agentId: number, limit = 10) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM mpesa_status_checks WHERE agent_id = ${agentId} ORDER BY requested_at DESC, check_id DESC LIMIT ${limit}`),
  ).map(toCheck);
}

/**
 * Answers a pending check of this agency found by our OriginatorConversationID
 * (or Safaricom's ConversationID). Only a pending check is answered: a
 * duplicate result, or one after the timeout said "no answer", changes a
 * timed-out check but never a found or not-found one. Answers whether a check changed.
 */
export async function answerCheck(
  db: DbOrTx,
  a: {
    agentId: number;
    originatorId: string;
    conversationId: string;
    status: 'found' | 'not_found' | 'timed_out';
    amountCents: number | null;
    accountReference: string | null;
    completedAt: Date | null;
    code: string;
    desc: string;
    at: Date;
  },
) {
  const settled = a.status === 'timed_out' ? sql`status = 'pending'` : sql`status IN ('pending', 'timed_out')`;
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE mpesa_status_checks SET status = ${a.status}, amount_cents = ${a.amountCents}, account_reference = ${a.accountReference},
        completed_at = ${a.completedAt?.toISOString() ?? null}, result_code = ${a.code.slice(0, 50)}, result_desc = ${a.desc.slice(0, 500)},
        answered_at = ${a.at.toISOString()}
      WHERE agent_id = ${a.agentId} AND ${settled}
        AND (originator_id = ${a.originatorId} OR (conversation_id IS NOT NULL AND conversation_id = ${a.conversationId}))
      RETURNING check_id`),
  );
  return rows.length > 0;
}

/** What the books hold for a code: its receipt's number, or that it waits in the unmatched queue. */
export async function bookedFor(db: DbOrTx, agentId: number, transId: string) {
  const row = rowsOf<{ status: string; account_reference: string; receipt_no: string | number | null }>(
    await db.execute(sql`
      SELECT p.status, p.account_reference,
        (SELECT j.receipt_no FROM journal_transactions j
          WHERE j.agent_id = ${agentId} AND j.idempotency_key = ${`mpesa:${transId}`}) AS receipt_no
      FROM mpesa_payments p WHERE p.agent_id = ${agentId} AND p.trans_id = ${transId}`),
  )[0];
  if (!row) return null;
  return {
    status: row.status,
    account: row.account_reference,
    receiptNo: row.receipt_no == null ? null : String(row.receipt_no),
  };
}

export async function setConversation(db: DbOrTx, checkId: number, conversationId: string) {
  await db.execute(sql`UPDATE mpesa_status_checks SET conversation_id = ${conversationId} WHERE check_id = ${checkId}`);
}

/** A question Safaricom refused leaves no check behind. */
export async function deleteCheck(db: DbOrTx, checkId: number) {
  await db.execute(sql`DELETE FROM mpesa_status_checks WHERE check_id = ${checkId}`);
}
