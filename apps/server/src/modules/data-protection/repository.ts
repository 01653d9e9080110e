import { erasedName, RETENTION_YEARS, type DpRequestKind } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const num = (v: unknown) => Number(v);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A person the agency holds: one it captured (or its own owner), a tenant of
 * one of its tenancies, or the landlord of one of its properties.
 */
export async function personOf(db: DbOrTx, agentId: number, clientNo: number) {
  const row = rowsOf<Row>(
    await db.execute(sql`
      SELECT c.client_no, c.full_name, c.first_name, c.last_name, c.email, c.phone_no, c.id_number,
             c.preferred_language, c.created_at, c.erased_at,
             EXISTS (SELECT 1 FROM users u WHERE u.client_no = c.client_no) AS is_user,
             EXISTS (SELECT 1 FROM properties p WHERE p.landlord_no = c.client_no) AS is_landlord
      FROM clients c
      WHERE c.client_no = ${clientNo}
        AND (c.capturing_agent_id = ${agentId}
          OR EXISTS (SELECT 1 FROM agents a WHERE a.agent_id = ${agentId} AND a.self = 1 AND a.owner_client_no = c.client_no)
          OR EXISTS (SELECT 1 FROM tenancies t WHERE t.client_no = c.client_no AND t.agent_id = ${agentId})
          OR EXISTS (SELECT 1 FROM properties p WHERE p.landlord_no = c.client_no AND p.agent_id = ${agentId}))`),
  )[0];
  if (!row) return null;
  return {
    clientNo: num(row.client_no),
    fullName: text(row.full_name),
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    email: text(row.email),
    phone: text(row.phone_no),
    idNumber: row.id_number === null ? null : text(row.id_number),
    language: row.preferred_language === 'sw' ? ('sw' as const) : ('en' as const),
    createdAt: iso(row.created_at)!,
    erasedAt: iso(row.erased_at),
    isUser: Boolean(row.is_user),
    isLandlord: Boolean(row.is_landlord),
  };
}
export type Person = NonNullable<Awaited<ReturnType<typeof personOf>>>;

export async function clientOfTenancy(db: DbOrTx, tenancyId: number): Promise<number | null> {
  const row = rowsOf<Row>(await db.execute(sql`SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId}`))[0];
  return row ? num(row.client_no) : null;
}

export async function insertRequest(
  db: DbOrTx,
  r: { agentId: number; clientNo: number; tenancyId: number | null; kind: DpRequestKind; source: 'link' | 'office'; details: string; at: Date; due: Date; by: number | null },
): Promise<number> {
  const row = rowsOf<Row>(
    await db.execute(sql`
      INSERT INTO dp_requests (agent_id, client_no, tenancy_id, kind, source, details, received_at, due_at, recorded_by)
      VALUES (${r.agentId}, ${r.clientNo}, ${r.tenancyId}, ${r.kind}, ${r.source}, ${r.details}, ${r.at.toISOString()}, ${r.due.toISOString()}, ${r.by})
      RETURNING request_id`),
  )[0]!;
  return num(row.request_id);
}

const requestColumns = sql`r.request_id, r.client_no, c.full_name, r.tenancy_id, r.kind, r.source, r.details, r.received_at, r.due_at,
  r.closed_at, r.outcome, r.answer`;

function requestOfRow(row: Row) {
  return {
    requestId: num(row.request_id),
    clientNo: num(row.client_no),
    personName: text(row.full_name),
    tenancyId: row.tenancy_id === null ? null : num(row.tenancy_id),
    kind: row.kind as DpRequestKind,
    source: row.source as 'link' | 'office',
    details: text(row.details),
    receivedAt: iso(row.received_at)!,
    dueAt: iso(row.due_at)!,
    closedAt: iso(row.closed_at),
    outcome: (row.outcome ?? null) as 'done' | 'refused' | null,
    answer: row.answer === null ? null : text(row.answer),
  };
}
export type RequestRow = ReturnType<typeof requestOfRow>;

/** The agency's requests: open ones first, the nearest due first; then the latest answered. */
export async function requestsOf(db: DbOrTx, agentId: number, limit = 500): Promise<RequestRow[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT ${requestColumns} FROM dp_requests r JOIN clients c ON c.client_no = r.client_no
      WHERE r.agent_id = ${agentId}
      ORDER BY (r.closed_at IS NULL) DESC, CASE WHEN r.closed_at IS NULL THEN r.due_at END ASC, r.received_at DESC
      LIMIT ${limit}`),
  ).map(requestOfRow);
}

export async function requestsOfPerson(db: DbOrTx, agentId: number, clientNo: number): Promise<RequestRow[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT ${requestColumns} FROM dp_requests r JOIN clients c ON c.client_no = r.client_no
      WHERE r.agent_id = ${agentId} AND r.client_no = ${clientNo} ORDER BY r.received_at DESC LIMIT 200`),
  ).map(requestOfRow);
}

export async function requestOf(db: DbOrTx, agentId: number, requestId: number): Promise<RequestRow | null> {
  const row = rowsOf<Row>(
    await db.execute(sql`
      SELECT ${requestColumns} FROM dp_requests r JOIN clients c ON c.client_no = r.client_no
      WHERE r.agent_id = ${agentId} AND r.request_id = ${requestId} FOR UPDATE OF r`),
  )[0];
  return row ? requestOfRow(row) : null;
}

export async function closeRequest(db: DbOrTx, requestId: number, c: { at: Date; by: number; outcome: 'done' | 'refused'; answer: string }) {
  await db.execute(sql`
    UPDATE dp_requests SET closed_at = ${c.at.toISOString()}, closed_by = ${c.by}, outcome = ${c.outcome}, answer = ${c.answer}
    WHERE request_id = ${requestId} AND closed_at IS NULL`);
}

export async function retentionYearsOf(db: DbOrTx, agentId: number): Promise<number> {
  const row = rowsOf<Row>(await db.execute(sql`SELECT retention_years FROM dp_settings WHERE agent_id = ${agentId}`))[0];
  return row ? num(row.retention_years) : RETENTION_YEARS.default;
}

export async function saveRetention(db: DbOrTx, agentId: number, years: number, at: Date, by: number) {
  await db.execute(sql`
    INSERT INTO dp_settings (agent_id, retention_years, updated_at, updated_by) VALUES (${agentId}, ${years}, ${at.toISOString()}, ${by})
    ON CONFLICT (agent_id) DO UPDATE SET retention_years = EXCLUDED.retention_years, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`);
}

/** The person's tenancies in any agency, with what keeps their data: still running, money owed either way, and the day it ended. */
export async function tenanciesHolding(db: DbOrTx, clientNo: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT t.tenancy_id, t.agent_id, t.ended_at, coalesce(b.balance_cents, 0) AS balance_cents,
             coalesce(s.retention_years, ${RETENTION_YEARS.default}) AS retention_years
      FROM tenancies t
      LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
      LEFT JOIN dp_settings s ON s.agent_id = t.agent_id
      WHERE t.client_no = ${clientNo}`),
  ).map((r) => ({
    tenancyId: num(r.tenancy_id),
    agentId: num(r.agent_id),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at as string),
    balanceCents: num(r.balance_cents),
    retentionYears: num(r.retention_years),
  }));
}

/**
 * People whose every tenancy ended, settled, more than its agency's hold ago:
 * the retention pass anonymises them. Users and landlords are never among them.
 */
export async function pastTheHold(db: DbOrTx, now: Date, limit: number): Promise<{ clientNo: number; agentId: number }[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT t.client_no, min(t.agent_id) AS agent_id
      FROM tenancies t
      JOIN clients c ON c.client_no = t.client_no AND c.erased_at IS NULL
      LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
      LEFT JOIN dp_settings s ON s.agent_id = t.agent_id
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.client_no = t.client_no)
        AND NOT EXISTS (SELECT 1 FROM properties p WHERE p.landlord_no = t.client_no)
      GROUP BY t.client_no
      HAVING bool_and(t.ended_at IS NOT NULL
                      AND t.ended_at + make_interval(years => coalesce(s.retention_years, ${RETENTION_YEARS.default})::int) <= ${now.toISOString()}::timestamptz
                      AND coalesce(b.balance_cents, 0) = 0)
      ORDER BY t.client_no
      LIMIT ${limit}`),
  ).map((r) => ({ clientNo: num(r.client_no), agentId: num(r.agent_id) }));
}

/**
 * Anonymises one person in the tables named here and no others (never the
 * journals, never kyc_* or aml_* records, which keep their own years). The
 * transaction tells the audit trigger it is erasing, so the trail keeps that
 * fields changed, not what they held. Returns false when already erased.
 */
export async function anonymise(
  tx: DbOrTx,
  e: { clientNo: number; agentId: number; at: Date; by: number | null; reason: 'request' | 'retention' },
): Promise<boolean> {
  await tx.execute(sql`SELECT set_config('makazi.erasing', 'on', true)`);
  const before = rowsOf<Row>(
    await tx.execute(sql`SELECT phone_no, email FROM clients WHERE client_no = ${e.clientNo} AND erased_at IS NULL FOR UPDATE`),
  )[0];
  if (!before) return false;
  const name = erasedName(e.clientNo);
  const at = e.at.toISOString();
  const tenancies = sql`(SELECT tenancy_id FROM tenancies WHERE client_no = ${e.clientNo})`;
  const contacts = [text(before.phone_no), text(before.email)].filter((c) => c !== '');
  await tx.execute(sql`
    UPDATE clients SET first_name = 'Erased', last_name = ${`person ${e.clientNo}`}, full_name = ${name},
      email = '', phone_no = '', id_number = NULL, erased_at = ${at}
    WHERE client_no = ${e.clientNo}`);
  await tx.execute(sql`
    UPDATE tenancies SET id_number = '', employer = '', business = '', next_of_kin_name = '', next_of_kin_phone = ''
    WHERE client_no = ${e.clientNo}`);
  await tx.execute(sql`UPDATE tenant_links SET revoked_at = ${at} WHERE tenancy_id IN ${tenancies} AND revoked_at IS NULL`);
  await tx.execute(sql`UPDATE stk_requests SET phone = '' WHERE tenancy_id IN ${tenancies}`);
  await tx.execute(sql`UPDATE mpesa_payments SET msisdn = '', payer_name = ${name} WHERE tenancy_id IN ${tenancies}`);
  await tx.execute(sql`UPDATE sms_reminders SET phone = '', message = '' WHERE tenancy_id IN ${tenancies}`);
  await tx.execute(sql`
    UPDATE receipt_notices SET recipient = '', body = NULL
    WHERE tenancy_id IN ${tenancies}
       OR txn_id IN (SELECT txn_id FROM journal_transactions WHERE tenancy_id IN ${tenancies})
       ${contacts.length ? sql`OR recipient IN (${sql.join(contacts.map((c) => sql`${c}`), sql`, `)})` : sql``}`);
  if (before.email) await tx.execute(sql`UPDATE mail_outbox SET recipient = '', body = '' WHERE recipient = ${text(before.email)}`);
  await tx.execute(sql`
    INSERT INTO dp_erasures (agent_id, client_no, reason, erased_at, erased_by)
    VALUES (${e.agentId}, ${e.clientNo}, ${e.reason}, ${at}, ${e.by})`);
  await tx.execute(sql`SELECT set_config('makazi.erasing', '', true)`);
  return true;
}

export async function insertBreach(
  db: DbOrTx,
  b: { agentId: number; discoveredAt: Date; description: string; peopleAffected: number; measures: string; at: Date; by: number },
) {
  const row = rowsOf<Row>(
    await db.execute(sql`
      INSERT INTO dp_breaches (agent_id, discovered_at, description, people_affected, measures, recorded_at, recorded_by)
      VALUES (${b.agentId}, ${b.discoveredAt.toISOString()}, ${b.description}, ${b.peopleAffected}, ${b.measures}, ${b.at.toISOString()}, ${b.by})
      RETURNING breach_id`),
  )[0]!;
  return num(row.breach_id);
}

export async function breachesOf(db: DbOrTx, agentId: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT breach_id, discovered_at, description, people_affected, measures, recorded_at, odpc_notified_at
      FROM dp_breaches WHERE agent_id = ${agentId} ORDER BY discovered_at DESC LIMIT 500`),
  ).map((r) => ({
    breachId: num(r.breach_id),
    discoveredAt: iso(r.discovered_at)!,
    description: text(r.description),
    peopleAffected: num(r.people_affected),
    measures: text(r.measures),
    recordedAt: iso(r.recorded_at)!,
    odpcNotifiedAt: iso(r.odpc_notified_at),
  }));
}

export async function breachOf(db: DbOrTx, agentId: number, breachId: number) {
  const row = rowsOf<Row>(
    await db.execute(sql`SELECT breach_id, discovered_at FROM dp_breaches WHERE agent_id = ${agentId} AND breach_id = ${breachId}`),
  )[0];
  return row ? { breachId: num(row.breach_id), discoveredAt: new Date(row.discovered_at as string) } : null;
}

export async function markNotified(db: DbOrTx, breachId: number, at: Date) {
  await db.execute(sql`UPDATE dp_breaches SET odpc_notified_at = ${at.toISOString()} WHERE breach_id = ${breachId}`);
}

/* What the export gathers: every table that holds something about the person, this agency's rows only. */

export async function tenanciesOfPerson(db: DbOrTx, agentId: number, clientNo: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT t.tenancy_id, h.house_number, p.property_name, t.start_date, t.ended_at, t.rent_cents, t.deposit_cents,
             t.id_number, t.employer, t.business, t.next_of_kin_name, t.next_of_kin_phone
      FROM tenancies t JOIN houses h ON h.house_id = t.house_id JOIN properties p ON p.prop_id = h.prop_id
      WHERE t.client_no = ${clientNo} AND t.agent_id = ${agentId} ORDER BY t.tenancy_id`),
  ).map((r) => ({
    tenancyId: num(r.tenancy_id),
    house: text(r.house_number),
    property: text(r.property_name),
    startedAt: iso(r.start_date)!,
    endedAt: iso(r.ended_at),
    rentCents: num(r.rent_cents),
    depositCents: num(r.deposit_cents),
    idNumber: text(r.id_number),
    employer: text(r.employer),
    business: text(r.business),
    nextOfKinName: text(r.next_of_kin_name),
    nextOfKinPhone: text(r.next_of_kin_phone),
  }));
}

export async function repairsOf(db: DbOrTx, agentId: number, tenancyIds: number[]) {
  if (!tenancyIds.length) return [];
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT request_id, tenancy_id, created_at, category, description, status FROM maintenance_requests
      WHERE agent_id = ${agentId} AND tenancy_id IN (${sql.join(tenancyIds.map((id) => sql`${id}`), sql`, `)}) ORDER BY created_at`),
  ).map((r) => ({
    requestId: num(r.request_id),
    tenancyId: num(r.tenancy_id),
    reportedAt: iso(r.created_at)!,
    category: text(r.category),
    description: text(r.description),
    status: text(r.status),
  }));
}

/** Messages sent to the person: receipt notices and invoices, arrears SMS, email. Never a message's body that may carry a link's token. */
export async function messagesTo(db: DbOrTx, agentId: number, tenancyIds: number[], contacts: string[]) {
  const ids = tenancyIds.length ? sql.join(tenancyIds.map((id) => sql`${id}`), sql`, `) : sql`NULL`;
  const who = contacts.length ? sql.join(contacts.map((c) => sql`${c}`), sql`, `) : sql`NULL`;
  const notices = rowsOf<Row>(
    await db.execute(sql`
      SELECT n.notice_id, n.channel, n.recipient, n.receipt_no, n.amount_cents, n.invoice_month, n.subject, n.sent_at, n.next_attempt_at
      FROM receipt_notices n
      WHERE n.agent_id = ${agentId}
        AND (n.tenancy_id IN (${ids}) OR n.txn_id IN (SELECT txn_id FROM journal_transactions WHERE tenancy_id IN (${ids})) OR n.recipient IN (${who}))
      ORDER BY n.notice_id LIMIT 5000`),
  ).map((r) => ({
    channel: text(r.channel),
    to: text(r.recipient),
    what: r.invoice_month ? `invoice ${text(r.invoice_month).slice(0, 7)}` : r.receipt_no !== null ? `receipt ${text(r.receipt_no)}` : text(r.subject) || 'text',
    sentAt: iso(r.sent_at),
  }));
  const reminders = rowsOf<Row>(
    await db.execute(sql`
      SELECT day, phone, message, status, sent_at FROM sms_reminders
      WHERE agent_id = ${agentId} AND tenancy_id IN (${ids}) ORDER BY day LIMIT 5000`),
  ).map((r) => ({ channel: 'sms', to: text(r.phone), what: text(r.message), sentAt: iso(r.sent_at), status: text(r.status) }));
  const invoices = rowsOf<Row>(
    await db.execute(sql`
      SELECT invoice_month, channel, sent_at FROM receipt_notices
      WHERE agent_id = ${agentId} AND tenancy_id IN (${ids}) AND invoice_month IS NOT NULL ORDER BY invoice_month`),
  ).map((r) => ({ month: text(r.invoice_month).slice(0, 7), channel: text(r.channel), sentAt: iso(r.sent_at) }));
  return { notices, reminders, invoices };
}

/** Changes to the person's record and tenancies in the audit trail (who acted is kept as a user number). */
export async function auditAbout(db: DbOrTx, clientNo: number, tenancyIds: number[]) {
  const ids = tenancyIds.length ? sql.join(tenancyIds.map((id) => sql`${String(id)}`), sql`, `) : sql`NULL`;
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT at, table_name, record_id, action, changes, user_no FROM audit_events
      WHERE (table_name = 'clients' AND record_id = ${String(clientNo)})
         OR (table_name = 'tenancies' AND record_id IN (${ids}))
      ORDER BY event_id LIMIT 2000`),
  ).map((r) => ({
    at: iso(r.at)!,
    record: `${text(r.table_name)} ${text(r.record_id)}`,
    action: text(r.action),
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
    byUser: r.user_no === null ? null : num(r.user_no),
  }));
}

export async function propertiesOwnedBy(db: DbOrTx, agentId: number, clientNo: number) {
  return rowsOf<Row>(
    await db.execute(sql`SELECT prop_id, property_name FROM properties WHERE agent_id = ${agentId} AND landlord_no = ${clientNo} ORDER BY prop_id`),
  ).map((r) => ({ propId: num(r.prop_id), name: text(r.property_name) }));
}

export async function agencyNameOf(db: DbOrTx, agentId: number): Promise<string> {
  const row = rowsOf<Row>(await db.execute(sql`SELECT agent_name FROM agents WHERE agent_id = ${agentId}`))[0];
  return row ? text(row.agent_name) : '';
}
