import { centsToAmount, isLanguage, type Language, type MaintenanceItem, type MaintenanceStatus } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Category = MaintenanceItem['category'];

export async function insertRequest(
  db: DbOrTx,
  r: { agentId: number; tenancyId: number; category: Category; description: string; at: Date },
): Promise<number> {
  const row = rowsOf<{ request_id: string | number }>(
    await db.execute(sql`
      INSERT INTO maintenance_requests (agent_id, tenancy_id, category, description, created_at, updated_at)
      VALUES (${r.agentId}, ${r.tenancyId}, ${r.category}, ${r.description}, ${r.at.toISOString()}, ${r.at.toISOString()})
      RETURNING request_id`),
  )[0]!;
  return Number(row.request_id);
}

export async function insertPhoto(db: DbOrTx, p: { requestId: number; agentId: number; contentType: string; bytes: Buffer }) {
  const row = rowsOf<{ photo_id: string | number }>(
    await db.execute(sql`
      INSERT INTO maintenance_photos (request_id, agent_id, content_type, bytes)
      VALUES (${p.requestId}, ${p.agentId}, ${p.contentType}, decode(${p.bytes.toString('base64')}, 'base64'))
      RETURNING photo_id`),
  )[0]!;
  return Number(row.photo_id);
}

export async function photoCount(db: DbOrTx, requestId: number) {
  const row = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM maintenance_photos WHERE request_id = ${requestId}`),
  )[0]!;
  return Number(row.n);
}

export async function insertComment(db: DbOrTx, c: { requestId: number; agentId: number; by: number | null; body: string; at: Date }) {
  await db.execute(sql`
    INSERT INTO maintenance_comments (request_id, agent_id, author_user_no, body, created_at)
    VALUES (${c.requestId}, ${c.agentId}, ${c.by}, ${c.body}, ${c.at.toISOString()})`);
}

export interface Row {
  requestId: number;
  agentId: number;
  tenancyId: number;
  status: MaintenanceStatus;
  category: Category;
  house: string;
  phone: string;
  /** The tenant's language, for the texts about the request. */
  language: Language;
  createdAt: Date;
}

/** The request's property and house, and the expense its cost became (null: not yet). */
export async function placeOf(db: DbOrTx, requestId: number) {
  const row = rowsOf<{ prop_id: string | number; house_id: string | number; expense_id: string | number | null; description: string }>(
    await db.execute(sql`
      SELECT h.prop_id, h.house_id, m.expense_id, m.description
      FROM maintenance_requests m JOIN tenancies t ON t.tenancy_id = m.tenancy_id JOIN houses h ON h.house_id = t.house_id
      WHERE m.request_id = ${requestId}`),
  )[0]!;
  return {
    propId: Number(row.prop_id),
    houseId: Number(row.house_id),
    expenseId: row.expense_id == null ? null : Number(row.expense_id),
    description: row.description,
  };
}

export async function setExpense(db: DbOrTx, requestId: number, expenseId: number, at: Date) {
  await db.execute(sql`UPDATE maintenance_requests SET expense_id = ${expenseId}, updated_at = ${at.toISOString()} WHERE request_id = ${requestId}`);
}

export async function lockRequest(db: DbOrTx, agentId: number, requestId: number): Promise<Row | null> {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT m.request_id, m.agent_id, m.tenancy_id, m.status, m.category, m.created_at, h.house_number, coalesce(c.phone_no, '') AS phone,
             c.preferred_language
      FROM maintenance_requests m JOIN tenancies t ON t.tenancy_id = m.tenancy_id
      JOIN houses h ON h.house_id = t.house_id JOIN clients c ON c.client_no = t.client_no
      WHERE m.request_id = ${requestId} AND m.agent_id = ${agentId}
      FOR UPDATE OF m`),
  )[0];
  return row
    ? {
        requestId: Number(row.request_id),
        agentId: Number(row.agent_id),
        tenancyId: Number(row.tenancy_id),
        status: row.status as MaintenanceStatus,
        category: row.category as Category,
        house: String(row.house_number),
        phone: String(row.phone),
        language: isLanguage(row.preferred_language) ? row.preferred_language : 'en',
        createdAt: new Date(row.created_at as string),
      }
    : null;
}

export async function updateRequest(
  db: DbOrTx,
  u: { requestId: number; status?: MaintenanceStatus; assignedUserNo?: number | null; contractor?: string | null; at: Date },
) {
  await db.execute(sql`
    UPDATE maintenance_requests SET
      status = coalesce(${u.status ?? null}, status),
      assigned_user_no = CASE WHEN ${u.assignedUserNo !== undefined} THEN ${u.assignedUserNo ?? null}::bigint ELSE assigned_user_no END,
      contractor = CASE WHEN ${u.contractor !== undefined} THEN ${u.contractor ?? null}::text ELSE contractor END,
      updated_at = ${u.at.toISOString()}
    WHERE request_id = ${u.requestId}`);
}

/** A hired user of the agency with an accepted, active contract, or its owner: who may be assigned. */
export async function isAgencyUser(db: DbOrTx, agentId: number, userNo: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM agents a WHERE a.agent_id = ${agentId} AND a.owner_user_no = ${userNo}
      UNION ALL
      SELECT 1 FROM agency_user_contracts c
      WHERE c.agent_id = ${agentId} AND c.user_no = ${userNo} AND c.login_status = 1 AND c.status = 'accepted'`),
  );
  return rows.length > 0;
}

export async function assignees(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT u.user_no, c.full_name FROM agents a JOIN users u ON u.user_no = a.owner_user_no JOIN clients c ON c.client_no = u.client_no
    WHERE a.agent_id = ${agentId}
    UNION
    SELECT u.user_no, c.full_name FROM agency_user_contracts k JOIN users u ON u.user_no = k.user_no JOIN clients c ON c.client_no = u.client_no
    WHERE k.agent_id = ${agentId} AND k.status = 'accepted' AND k.login_status = 1
    ORDER BY 2`);
  return rowsOf<{ user_no: string | number; full_name: string }>(result).map((r) => ({ userNo: Number(r.user_no), name: r.full_name }));
}

/** The queue (or one tenancy's requests), newest first, with photos and comments, in one statement. */
export async function listRequests(
  db: DbOrTx,
  where: { agentId: number; tenancyId?: number; status?: MaintenanceStatus; requestId?: number; propIds?: readonly number[] | null },
  now: Date,
): Promise<MaintenanceItem[]> {
  const result = await db.execute(sql`
    SELECT m.request_id, m.tenancy_id, h.house_number, p.property_name, cl.full_name AS tenant_name,
           m.category, m.description, m.status, m.assigned_user_no, au.full_name AS assigned_name, m.contractor, m.created_at,
           m.expense_id, e.amount_cents AS expense_cents, e.status AS expense_status,
           floor(extract(epoch FROM (${now.toISOString()}::timestamptz - m.created_at)) / 86400)::int AS age_days,
           coalesce((SELECT jsonb_agg(ph.photo_id ORDER BY ph.photo_id) FROM maintenance_photos ph WHERE ph.request_id = m.request_id), '[]'::jsonb)::text AS photo_ids,
           coalesce((SELECT jsonb_agg(jsonb_build_object('body', mc.body, 'at', mc.created_at, 'by', coalesce(cu.full_name, 'Tenant')) ORDER BY mc.created_at, mc.comment_id)
                     FROM maintenance_comments mc LEFT JOIN users u ON u.user_no = mc.author_user_no LEFT JOIN clients cu ON cu.client_no = u.client_no
                     WHERE mc.request_id = m.request_id), '[]'::jsonb)::text AS comments
    FROM maintenance_requests m
    JOIN tenancies t ON t.tenancy_id = m.tenancy_id JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id JOIN clients cl ON cl.client_no = t.client_no
    LEFT JOIN users asu ON asu.user_no = m.assigned_user_no LEFT JOIN clients au ON au.client_no = asu.client_no
    LEFT JOIN property_expenses e ON e.expense_id = m.expense_id
    WHERE m.agent_id = ${where.agentId}
      ${where.tenancyId !== undefined ? sql`AND m.tenancy_id = ${where.tenancyId}` : sql``}
      ${where.status !== undefined ? sql`AND m.status = ${where.status}` : sql``}
      ${where.requestId !== undefined ? sql`AND m.request_id = ${where.requestId}` : sql``}
      ${where.propIds != null ? sql`AND h.prop_id = ANY(${`{${where.propIds.join(',')}}`}::bigint[])` : sql``}
    ORDER BY m.created_at DESC, m.request_id DESC
    LIMIT 500`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    requestId: Number(r.request_id),
    tenancyId: Number(r.tenancy_id),
    house: String(r.house_number),
    property: String(r.property_name),
    tenantName: String(r.tenant_name),
    category: r.category as Category,
    description: String(r.description),
    status: r.status as MaintenanceStatus,
    assignedUserNo: r.assigned_user_no == null ? null : Number(r.assigned_user_no),
    assignedName: r.assigned_name == null ? null : String(r.assigned_name),
    contractor: r.contractor == null ? null : String(r.contractor),
    createdAt: new Date(r.created_at as string).toISOString(),
    ageDays: Number(r.age_days),
    photoIds: JSON.parse(String(r.photo_ids)) as number[],
    comments: (JSON.parse(String(r.comments)) as { body: string; at: string; by: string }[]).map((c) => ({
      ...c,
      at: new Date(c.at).toISOString(),
    })),
    expense:
      r.expense_id == null
        ? null
        : { ExpenseId: Number(r.expense_id), Amount: centsToAmount(Number(r.expense_cents)), Status: String(r.expense_status) },
  }));
}

/** The property of a request (or of a photo's request), by its house; undefined when the id names none. */
export async function propertyOf(db: DbOrTx, by: { requestId: number } | { photoId: number }): Promise<number | undefined> {
  const key = 'requestId' in by ? by.requestId : by.photoId;
  if (!Number.isInteger(key) || key <= 0) return undefined;
  const row = rowsOf<{ prop_id: string | number }>(
    await db.execute(sql`
      SELECT h.prop_id FROM maintenance_requests m
      JOIN tenancies t ON t.tenancy_id = m.tenancy_id JOIN houses h ON h.house_id = t.house_id
      WHERE ${'requestId' in by ? sql`m.request_id = ${key}` : sql`m.request_id = (SELECT ph.request_id FROM maintenance_photos ph WHERE ph.photo_id = ${key})`}`),
  )[0];
  return row ? Number(row.prop_id) : undefined;
}

/** A photo of the agency's request (and, for the link, of that tenancy). */
export async function photoOf(db: DbOrTx, agentId: number, photoId: number, tenancyId?: number) {
  const row = rowsOf<{ content_type: string; data: string }>(
    await db.execute(sql`
      SELECT ph.content_type, encode(ph.bytes, 'base64') AS data
      FROM maintenance_photos ph JOIN maintenance_requests m ON m.request_id = ph.request_id
      WHERE ph.photo_id = ${photoId} AND ph.agent_id = ${agentId}
        ${tenancyId !== undefined ? sql`AND m.tenancy_id = ${tenancyId}` : sql``}`),
  )[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') } : null;
}
