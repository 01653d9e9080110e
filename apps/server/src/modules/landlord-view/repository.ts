import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface NewInvite {
  agentId: number;
  landlordNo: number;
  email: string;
  tokenHash: string;
  at: Date;
  by: number;
}

/** A new invitation replaces any live invitation or link of the same landlord client. */
export async function replaceInvite(db: DbOrTx, i: NewInvite): Promise<number> {
  await db.execute(sql`
    UPDATE landlord_links SET revoked_at = ${i.at.toISOString()}, revoked_by = ${i.by}
    WHERE agent_id = ${i.agentId} AND landlord_no = ${i.landlordNo} AND revoked_at IS NULL`);
  const result = await db.execute(sql`
    INSERT INTO landlord_links (agent_id, landlord_no, email, token_hash, invited_at, invited_by)
    VALUES (${i.agentId}, ${i.landlordNo}, ${i.email}, ${i.tokenHash}, ${i.at.toISOString()}, ${i.by})
    RETURNING link_id`);
  return Number(rowsOf<{ link_id: string | number }>(result)[0]!.link_id);
}

/** The agent's live invitations and links, newest first. */
export async function linksOfAgent(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT l.link_id, l.landlord_no, c.full_name, l.email, l.user_no, l.invited_at, l.accepted_at
    FROM landlord_links l JOIN clients c ON c.client_no = l.landlord_no
    WHERE l.agent_id = ${agentId} AND l.revoked_at IS NULL
    ORDER BY l.link_id DESC`);
  return rowsOf<Record<string, string | number | Date | null>>(result);
}

/** Revokes one live link of the agent, or of the user; answers whether there was one. */
export async function revoke(
  db: DbOrTx,
  where: { linkId: number; agentId?: number; userNo?: number },
  at: Date,
  by: number,
) {
  const agent = where.agentId === undefined ? sql`` : sql`AND agent_id = ${where.agentId}`;
  const user = where.userNo === undefined ? sql`` : sql`AND user_no = ${where.userNo}`;
  const result = await db.execute(sql`
    UPDATE landlord_links SET revoked_at = ${at.toISOString()}, revoked_by = ${by}
    WHERE link_id = ${where.linkId} AND revoked_at IS NULL ${agent} ${user}
    RETURNING link_id`);
  return rowsOf(result).length > 0;
}

/** A live invitation by its token's hash, locked for the acceptance. */
export async function inviteByToken(db: DbOrTx, tokenHash: string) {
  const result = await db.execute(sql`
    SELECT link_id, email, user_no FROM landlord_links WHERE token_hash = ${tokenHash} AND revoked_at IS NULL FOR UPDATE`);
  const r = rowsOf<{ link_id: string | number; email: string; user_no: string | number | null }>(result)[0];
  return r
    ? { linkId: Number(r.link_id), email: r.email, userNo: r.user_no == null ? null : Number(r.user_no) }
    : null;
}

/** A live invitation or link by its token's hash: the agency's and the landlord's names, for the page the link opens. */
export async function invitationByToken(db: DbOrTx, tokenHash: string) {
  const result = await db.execute(sql`
    SELECT a.agent_name, c.full_name
    FROM landlord_links l JOIN agents a ON a.agent_id = l.agent_id JOIN clients c ON c.client_no = l.landlord_no
    WHERE l.token_hash = ${tokenHash} AND l.revoked_at IS NULL`);
  const r = rowsOf<{ agent_name: string; full_name: string }>(result)[0];
  return r ? { agency: r.agent_name, landlord: r.full_name } : null;
}

export async function userEmail(db: DbOrTx, userNo: number) {
  const result = await db.execute(sql`SELECT email FROM users WHERE user_no = ${userNo}`);
  return rowsOf<{ email: string }>(result)[0]?.email ?? null;
}

export async function accept(db: DbOrTx, linkId: number, userNo: number, at: Date) {
  await db.execute(
    sql`UPDATE landlord_links SET user_no = ${userNo}, accepted_at = ${at.toISOString()} WHERE link_id = ${linkId}`,
  );
}

/** The caller's link, only while accepted and not revoked: the agency and the landlord client it opens. */
export async function liveLinkOf(db: DbOrTx, linkId: number, userNo: number) {
  const result = await db.execute(sql`
    SELECT link_id, agent_id, landlord_no FROM landlord_links
    WHERE link_id = ${linkId} AND user_no = ${userNo} AND revoked_at IS NULL`);
  const r = rowsOf<Record<string, string | number>>(result)[0];
  return r
    ? { linkId: Number(r.link_id), agentId: Number(r.agent_id), landlordNo: Number(r.landlord_no) }
    : null;
}

/** Every live link of the user, with the agency's name and the expenses waiting for their decision. */
export async function linksOfUser(db: DbOrTx, userNo: number) {
  const result = await db.execute(sql`
    SELECT l.link_id, a.agent_name, c.full_name,
      (SELECT count(*) FROM property_expenses e
       WHERE e.agent_id = l.agent_id AND e.landlord_no = l.landlord_no AND e.status = 'awaiting_approval')::int AS awaiting
    FROM landlord_links l JOIN agents a ON a.agent_id = l.agent_id JOIN clients c ON c.client_no = l.landlord_no
    WHERE l.user_no = ${userNo} AND l.revoked_at IS NULL
    ORDER BY a.agent_name, l.link_id`);
  return rowsOf<Record<string, string | number>>(result);
}

/** Whether the expense is the landlord's with the agent (the landlord sees and decides only their own). */
export async function expenseOfLandlord(db: DbOrTx, agentId: number, landlordNo: number, expenseId: number) {
  const result = await db.execute(sql`
    SELECT 1 FROM property_expenses WHERE expense_id = ${expenseId} AND agent_id = ${agentId} AND landlord_no = ${landlordNo}`);
  return rowsOf(result).length > 0;
}
