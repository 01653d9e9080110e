import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface LinkRow {
  linkId: number;
  agentId: number;
  tenancyId: number;
  endedAt: Date | null;
}

/** Any live link of the tenancy stops working; the new one takes its place in the same transaction. */
export async function replaceLink(
  db: DbOrTx,
  l: { agentId: number; tenancyId: number; tokenHash: string; at: Date; by: number },
) {
  await revokeLinks(db, l.tenancyId, l.at);
  await db.execute(sql`
    INSERT INTO tenant_links (agent_id, tenancy_id, token_hash, created_at, created_by)
    VALUES (${l.agentId}, ${l.tenancyId}, ${l.tokenHash}, ${l.at.toISOString()}, ${l.by})`);
}

export async function revokeLinks(db: DbOrTx, tenancyId: number, at: Date): Promise<number> {
  const result = await db.execute(sql`
    UPDATE tenant_links SET revoked_at = ${at.toISOString()}
    WHERE tenancy_id = ${tenancyId} AND revoked_at IS NULL RETURNING link_id`);
  return rowsOf(result).length;
}

export async function liveLinkOf(db: DbOrTx, tenancyId: number): Promise<{ createdAt: Date } | null> {
  const row = rowsOf<{ created_at: string | Date }>(
    await db.execute(sql`SELECT created_at FROM tenant_links WHERE tenancy_id = ${tenancyId} AND revoked_at IS NULL`),
  )[0];
  return row ? { createdAt: new Date(row.created_at) } : null;
}

/** The live link with this token hash and its tenancy's end, if any. */
export async function linkByHash(db: DbOrTx, tokenHash: string): Promise<LinkRow | null> {
  const row = rowsOf<Record<string, string | number | Date | null>>(
    await db.execute(sql`
      SELECT l.link_id, l.agent_id, l.tenancy_id, t.ended_at
      FROM tenant_links l JOIN tenancies t ON t.tenancy_id = l.tenancy_id
      WHERE l.token_hash = ${tokenHash} AND l.revoked_at IS NULL`),
  )[0];
  if (!row) return null;
  return {
    linkId: Number(row.link_id),
    agentId: Number(row.agent_id),
    tenancyId: Number(row.tenancy_id),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
  };
}

/** The agency's paybill number, if it has one: where the tenant pays with the tenancy id as account number. */
export async function paybillNumberOf(db: DbOrTx, agentId: number): Promise<string | null> {
  const row = rowsOf<{ shortcode: string }>(
    await db.execute(sql`SELECT shortcode FROM mpesa_paybills WHERE agent_id = ${agentId}`),
  )[0];
  return row?.shortcode ?? null;
}

export async function tenantContact(db: DbOrTx, tenancyId: number) {
  const row = rowsOf<{ first_name: string; phone: string; email: string; language: string }>(
    await db.execute(sql`
      SELECT c.first_name, coalesce(c.phone_no, '') AS phone, coalesce(c.email, '') AS email, c.preferred_language AS language
      FROM tenancies t JOIN clients c ON c.client_no = t.client_no WHERE t.tenancy_id = ${tenancyId}`),
  )[0];
  return row ? { firstName: row.first_name, phone: row.phone, email: row.email, language: row.language === 'sw' ? ('sw' as const) : ('en' as const) } : null;
}
