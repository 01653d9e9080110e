import { isLanguage, type Language } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface Settings {
  active: boolean;
  days: number[];
  template: string | null;
  minBalanceCents: number;
  smsPriceCents: number;
}

export async function settingsOf(db: DbOrTx, agentId: number): Promise<Settings | null> {
  const result = await db.execute(sql`
    SELECT active, array_to_json(days)::text AS days, template, min_balance_cents, sms_price_cents FROM reminder_settings WHERE agent_id = ${agentId}`);
  const r = rowsOf<Record<string, string | number | boolean | null>>(result)[0];
  return r
    ? {
        active: Boolean(r.active),
        days: JSON.parse(String(r.days)) as number[],
        template: r.template == null ? null : String(r.template),
        minBalanceCents: Number(r.min_balance_cents),
        smsPriceCents: Number(r.sms_price_cents),
      }
    : null;
}

export async function saveSettings(db: DbOrTx, agentId: number, s: Settings & { at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO reminder_settings (agent_id, active, days, template, min_balance_cents, sms_price_cents, updated_at, updated_by)
    VALUES (${agentId}, ${s.active}, (SELECT array_agg(d::smallint) FROM jsonb_array_elements_text(${JSON.stringify(s.days)}::jsonb) AS d),
            ${s.template}, ${s.minBalanceCents}, ${s.smsPriceCents}, ${s.at.toISOString()}, ${s.by})
    ON CONFLICT (agent_id) DO UPDATE SET active = excluded.active, days = excluded.days, template = excluded.template,
      min_balance_cents = excluded.min_balance_cents, sms_price_cents = excluded.sms_price_cents,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

export interface Due {
  tenancyId: number;
  name: string;
  phone: string;
  balanceCents: number;
  language: Language;
  agencyName: string;
  paybill: string | null;
}

/**
 * The agency's tenancies a reminder would go to on `day`: active, not opted
 * out, with a phone, owing at least the minimum (and something), and not yet
 * reminded that day.
 */
export async function dueTenancies(
  db: DbOrTx,
  agentId: number,
  day: string,
  minBalanceCents: number,
): Promise<Due[]> {
  const result = await db.execute(sql`
    SELECT t.tenancy_id, c.first_name, c.phone_no, b.balance_cents, c.preferred_language, a.agent_name,
           (SELECT p.shortcode FROM mpesa_paybills p WHERE p.agent_id = a.agent_id) AS paybill
    FROM tenancies t
    JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN agents a ON a.agent_id = t.agent_id
    WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL AND NOT t.reminders_opt_out
      AND b.balance_cents > 0 AND b.balance_cents >= ${minBalanceCents} AND c.phone_no <> ''
      AND NOT EXISTS (SELECT 1 FROM sms_reminders r WHERE r.tenancy_id = t.tenancy_id AND r.day = ${day}::date)
    ORDER BY t.tenancy_id`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    tenancyId: Number(r.tenancy_id),
    name: String(r.first_name),
    phone: String(r.phone_no),
    balanceCents: Number(r.balance_cents),
    language: isLanguage(r.preferred_language) ? r.preferred_language : 'en',
    agencyName: String(r.agent_name),
    paybill: r.paybill == null ? null : String(r.paybill),
  }));
}

/** Queues reminders; a tenancy already reminded that day (by any process) is skipped. Answers how many were queued. */
export async function enqueue(
  db: DbOrTx,
  agentId: number,
  day: string,
  at: Date,
  rows: { tenancyId: number; phone: string; message: string; balanceCents: number }[],
) {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    INSERT INTO sms_reminders (agent_id, tenancy_id, day, phone, message, balance_cents, next_attempt_at, created_at)
    SELECT ${agentId}, (r->>'tenancyId')::bigint, ${day}::date, r->>'phone', r->>'message', (r->>'balanceCents')::bigint, ${at.toISOString()}, ${at.toISOString()}
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r
    ON CONFLICT (tenancy_id, day) DO NOTHING RETURNING reminder_id`);
  return rowsOf(result).length;
}

export interface Claimed {
  reminderId: number;
  phone: string;
  message: string;
  attempts: number;
}

/** Claims queued reminders for one sender: leased past any send, so no two processes send one. */
export async function claimDue(
  db: DbOrTx,
  now: Date,
  token: string,
  leaseSeconds: number,
  limit: number,
): Promise<Claimed[]> {
  const result = await db.execute(sql`
    UPDATE sms_reminders SET attempts = attempts + 1, claim_token = ${token},
      next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds})
    WHERE reminder_id IN (
      SELECT reminder_id FROM sms_reminders WHERE status = 'queued' AND next_attempt_at <= ${now.toISOString()}
      ORDER BY next_attempt_at, reminder_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING reminder_id, phone, message, attempts`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    reminderId: Number(r.reminder_id),
    phone: String(r.phone),
    message: String(r.message),
    attempts: Number(r.attempts),
  }));
}

export async function markSent(
  db: DbOrTx,
  reminderId: number,
  token: string,
  s: { providerId: string | null; cost: string | null; at: Date },
) {
  await db.execute(sql`
    UPDATE sms_reminders SET status = 'sent', provider_id = ${s.providerId}, cost = ${s.cost}, sent_at = ${s.at.toISOString()}, claim_token = NULL, failure_reason = NULL
    WHERE reminder_id = ${reminderId} AND claim_token = ${token}`);
}

/** Gives back what a stopping sender claimed and did not hand over, as if never claimed. */
export async function releaseClaim(db: DbOrTx, token: string, at: Date) {
  await db.execute(sql`
    UPDATE sms_reminders SET claim_token = NULL, attempts = attempts - 1, next_attempt_at = ${at.toISOString()}
    WHERE claim_token = ${token} AND status = 'queued'`);
}

/** A try that failed: again at `retryAt`, or failed for good with the provider's reason. */
export async function markFailed(
  db: DbOrTx,
  reminderId: number,
  token: string,
  f: { reason: string; retryAt: Date | null },
) {
  await db.execute(sql`
    UPDATE sms_reminders SET failure_reason = ${f.reason.slice(0, 300)}, claim_token = NULL,
      status = ${f.retryAt ? 'queued' : 'failed'}, next_attempt_at = coalesce(${f.retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at)
    WHERE reminder_id = ${reminderId} AND claim_token = ${token}`);
}

/** Keeps a delivery report as it came, then moves its reminder on; false when no reminder has that id. */
export async function applyReport(db: DbOrTx, body: Record<string, string>, at: Date) {
  const delivered = body.status === 'Success';
  const failed = ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'].includes(body.status ?? '');
  const result = await db.execute(sql`
    WITH updated AS (
      UPDATE sms_reminders SET reported_at = ${at.toISOString()},
        status = CASE WHEN ${delivered} THEN 'delivered' WHEN ${failed} THEN 'failed' ELSE status END,
        failure_reason = CASE WHEN ${failed} THEN coalesce(nullif(${body.failureReason ?? ''}, ''), ${body.status ?? ''}) ELSE failure_reason END
      WHERE provider_id = ${body.id ?? ''} AND status IN ('sent', 'delivered', 'failed')
      RETURNING reminder_id
    )
    INSERT INTO sms_delivery_reports (received_at, body, matched)
    VALUES (${at.toISOString()}, ${JSON.stringify(body)}::jsonb, EXISTS (SELECT 1 FROM updated)) RETURNING matched`);
  return Boolean(rowsOf<{ matched: boolean }>(result)[0]?.matched);
}

export async function log(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT r.reminder_id, r.day::text AS day, r.tenancy_id, c.full_name, r.phone, r.balance_cents, r.status, r.failure_reason, r.cost
    FROM sms_reminders r JOIN tenancies t ON t.tenancy_id = r.tenancy_id JOIN clients c ON c.client_no = t.client_no
    WHERE r.agent_id = ${agentId} ORDER BY r.day DESC, r.reminder_id DESC LIMIT 500`);
  return rowsOf<Record<string, string | number | null>>(result);
}

/** The agency's tenancy, locked for its opt-out; false when it is not the agency's. */
export async function setOptOut(db: DbOrTx, agentId: number, tenancyId: number, optOut: boolean) {
  const result = await db.execute(sql`
    UPDATE tenancies SET reminders_opt_out = ${optOut} WHERE tenancy_id = ${tenancyId} AND agent_id = ${agentId} RETURNING tenancy_id`);
  return rowsOf(result).length > 0;
}

/** Agencies with reminders on whose reminder days include `dayOfMonth`. */
export async function agenciesDue(db: DbOrTx, dayOfMonth: number) {
  const result = await db.execute(sql`
    SELECT agent_id FROM reminder_settings WHERE active AND ${dayOfMonth}::smallint = ANY (days) ORDER BY agent_id`);
  return rowsOf<{ agent_id: string | number }>(result).map((r) => Number(r.agent_id));
}
