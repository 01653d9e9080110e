import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * A landlord's closed months and the papers issued for them
 * (docs/decisions/036-closed-months.md). Closing a month closes every month
 * before it, so one date says which are closed: the newest closure's.
 */

export type ClosureReason = 'mri_paid' | 'remitted' | 'by_hand';
export type PaperKind = 'owner_statement' | 'mri_certificate' | 'remittance_advice';

/** Which paper of its kind in the month: a certificate's amendment number (0 for the month's own), an advice's payout id; 0 for the owner statement (migration 0062). */
interface PaperKey {
  agentId: number;
  landlordNo: number;
  month: string;
  paper: PaperKind;
  no?: number;
}

/** The first day of the newest closed month, or null when none is. */
export async function closedThrough(db: DbOrTx, agentId: number, landlordNo: number): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT max(month)::text AS month FROM landlord_month_closures WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo}`);
  // An aggregate without GROUP BY answers one row, its max null when nothing is closed.
  return rowsOf<{ month: string | null }>(result)[0]!.month ?? null;
}

export async function insertClosure(
  db: DbOrTx,
  c: { agentId: number; landlordNo: number; month: string; reason: ClosureReason; at: Date; by: number },
) {
  // The caller holds the landlord's row and has read the month open, so the conflict is only a guard.
  await db.execute(sql`
    INSERT INTO landlord_month_closures (agent_id, landlord_no, month, reason, closed_at, closed_by)
    VALUES (${c.agentId}, ${c.landlordNo}, ${c.month}::date, ${c.reason}, ${c.at.toISOString()}, ${c.by})
    ON CONFLICT DO NOTHING`);
}

export async function closuresOf(db: DbOrTx, agentId: number, landlordNo: number) {
  const result = await db.execute(sql`
    SELECT to_char(month, 'YYYY-MM') AS month, reason, closed_at FROM landlord_month_closures
    WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo} ORDER BY month DESC`);
  return rowsOf<{ month: string; reason: ClosureReason; closed_at: string | Date }>(result).map((r) => ({
    month: r.month,
    reason: r.reason,
    closedAt: new Date(r.closed_at).toISOString(),
  }));
}

export async function paperOf(db: DbOrTx, p: PaperKey) {
  const result = await db.execute(sql`
    SELECT body, issued_at FROM landlord_papers
    WHERE agent_id = ${p.agentId} AND landlord_no = ${p.landlordNo} AND month = ${p.month}::date AND paper = ${p.paper} AND paper_no = ${p.no ?? 0}`);
  return keptRow(result);
}

function keptRow(result: unknown) {
  const row = rowsOf<{ body: unknown; issued_at: string | Date }>(result)[0];
  if (!row) return null;
  return { body: typeof row.body === 'string' ? (JSON.parse(row.body) as unknown) : row.body, issuedAt: new Date(row.issued_at) };
}

/**
 * Keeps the paper as issued and answers the one kept, in one statement: this
 * issue's, or the first one's (a second issue of the same paper keeps the first).
 */
export async function keepPaper(db: DbOrTx, p: PaperKey & { body: unknown; at: Date }) {
  const result = await db.execute(sql`
    WITH kept AS (
      INSERT INTO landlord_papers (agent_id, landlord_no, month, paper, paper_no, body, issued_at)
      VALUES (${p.agentId}, ${p.landlordNo}, ${p.month}::date, ${p.paper}, ${p.no ?? 0}, ${JSON.stringify(p.body)}::jsonb, ${p.at.toISOString()})
      ON CONFLICT DO NOTHING
      RETURNING body, issued_at)
    SELECT body, issued_at FROM kept
    UNION ALL
    SELECT body, issued_at FROM landlord_papers
    WHERE agent_id = ${p.agentId} AND landlord_no = ${p.landlordNo} AND month = ${p.month}::date AND paper = ${p.paper} AND paper_no = ${p.no ?? 0}
      AND NOT EXISTS (SELECT 1 FROM kept)`);
  return keptRow(result)!;
}
