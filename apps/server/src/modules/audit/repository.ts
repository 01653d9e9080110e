import type { AuditQuery } from '@makazi/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface AuditRow {
  eventId: number;
  at: Date;
  table: string;
  recordId: string | null;
  action: 'insert' | 'update' | 'delete' | 'read';
  changes: Record<string, [unknown, unknown]>;
  userNo: number | null;
  userName: string | null;
  role: number | null;
  ip: string | null;
}

/**
 * One agency's trail, newest first, filtered; `limit + 1` rows tell whether there is more.
 * `beforeEventId` reads on from an event (keyset), for an export read in batches.
 */
export async function events(db: DbOrTx, agentId: number, q: AuditQuery, limit: number, beforeEventId?: number): Promise<AuditRow[]> {
  const where: SQL[] = [sql`e.agent_id = ${agentId}`];
  if (beforeEventId !== undefined) where.push(sql`e.event_id < ${beforeEventId}`);
  if (q.userNo !== undefined) where.push(sql`e.user_no = ${q.userNo}`);
  if (q.table !== undefined) where.push(sql`e.table_name = ${q.table}`);
  if (q.recordId !== undefined) where.push(sql`e.record_id = ${q.recordId}`);
  if (q.from !== undefined) where.push(sql`e.at >= ${q.from}::date`);
  if (q.to !== undefined) where.push(sql`e.at < ${q.to}::date + 1`);
  const result = await db.execute(sql`
    SELECT e.event_id, e.at, e.table_name, e.record_id, e.action, e.changes, e.user_no, e.role, e.ip,
           nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') AS user_name
    FROM audit_events e
    LEFT JOIN users u ON u.user_no = e.user_no
    LEFT JOIN clients c ON c.client_no = u.client_no
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.event_id DESC
    LIMIT ${limit + 1}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    eventId: Number(r.event_id),
    at: new Date(String(r.at)),
    table: String(r.table_name),
    recordId: r.record_id === null ? null : String(r.record_id),
    action: r.action as AuditRow['action'],
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as AuditRow['changes'],
    userNo: r.user_no === null ? null : Number(r.user_no),
    userName: r.user_name === null ? null : String(r.user_name),
    role: r.role === null ? null : Number(r.role),
    ip: r.ip === null ? null : String(r.ip),
  }));
}

/** Reads of personal data (Data Protection Act): one event per record shown, naming the fields read. */
export async function recordReads(
  db: DbOrTx,
  read: { table: string; recordIds: string[]; fields: string[]; agentId: number; userNo: number | null; role: number | null; ip: string | null },
): Promise<void> {
  if (read.recordIds.length === 0) return;
  const changes = JSON.stringify(Object.fromEntries(read.fields.map((f) => [f, ['[read]', '[read]']])));
  await db.execute(sql`
    INSERT INTO audit_events (table_name, record_id, action, changes, user_no, agent_id, role, ip)
    SELECT ${read.table}, id, 'read', ${changes}::jsonb, ${read.userNo}, ${read.agentId}, ${read.role}, ${read.ip}
    FROM jsonb_array_elements_text(${JSON.stringify(read.recordIds)}::jsonb) AS ids(id)`);
}
