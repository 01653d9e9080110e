import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** The agency's latest run and whether the month's run exists. */
export async function latestRun(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT r.month::text AS month, r.run_at, c.full_name, r.automatic
    FROM invoice_runs r JOIN users u ON u.user_no = r.run_by JOIN clients c ON c.client_no = u.client_no
    WHERE r.agent_id = ${agentId} ORDER BY r.month DESC LIMIT 1`);
  const row = rowsOf<{ month: string; run_at: Date | string; full_name: string; automatic: boolean }>(result)[0];
  return row ? { month: row.month, runAt: new Date(row.run_at), runBy: row.full_name, automatic: Boolean(row.automatic) } : null;
}

/** The month's run row, or null when a run for (agent, month) already exists. */
export async function insertRun(db: DbOrTx, r: { agentId: number; month: string; runAt: Date; runBy: number; automatic: boolean }) {
  const inserted = await db.execute(sql`
    INSERT INTO invoice_runs (agent_id, month, run_at, run_by, automatic)
    VALUES (${r.agentId}, ${r.month}, ${r.runAt.toISOString()}, ${r.runBy}, ${r.automatic})
    ON CONFLICT (agent_id, month) DO NOTHING RETURNING run_id`);
  const runId = rowsOf<{ run_id: string | number }>(inserted)[0]?.run_id;
  return runId === undefined ? null : Number(runId);
}

export async function recordCharged(db: DbOrTx, runId: number, charged: number) {
  await db.execute(sql`UPDATE invoice_runs SET charged_count = ${charged} WHERE run_id = ${runId}`);
}

/** The advisory lock key of an agency's runs (with its id as the second key). */
export const AGENT_RUNS_LOCK = 7_204_611;

/** Spares a concurrent run's wasted work on PostgreSQL; the unique index is what guarantees once. */
export async function lockAgentRuns(db: DbOrTx, agentId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${AGENT_RUNS_LOCK}::int, ${agentId}::int)`);
}

export async function runHistory(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT r.month::text AS month, r.run_at, c.full_name, r.charged_count, r.automatic,
           coalesce((SELECT sum(l.debit_cents) FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
                     WHERE j.invoice_run_id = r.run_id), 0)::bigint AS amount
    FROM invoice_runs r JOIN users u ON u.user_no = r.run_by JOIN clients c ON c.client_no = u.client_no
    WHERE r.agent_id = ${agentId} ORDER BY r.month DESC`);
  return rowsOf<{ month: string; run_at: Date | string; full_name: string; charged_count: string | number; amount: string | number; automatic: boolean }>(result);
}

export async function automaticInvoicing(db: DbOrTx, agentId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT automatic FROM invoicing_settings WHERE agent_id = ${agentId}`);
  return Boolean(rowsOf<{ automatic: boolean }>(result)[0]?.automatic);
}

export async function setAutomaticInvoicing(db: DbOrTx, s: { agentId: number; automatic: boolean; at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO invoicing_settings (agent_id, automatic, updated_at, updated_by)
    VALUES (${s.agentId}, ${s.automatic}, ${s.at.toISOString()}, ${s.by})
    ON CONFLICT (agent_id) DO UPDATE SET automatic = excluded.automatic, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/** Agencies with automatic invoicing on whose run for `month` is missing, with the owner who signs it. */
export async function automaticRunsDue(db: DbOrTx, month: string) {
  const result = await db.execute(sql`
    SELECT s.agent_id, a.owner_user_no
    FROM invoicing_settings s JOIN agents a ON a.agent_id = s.agent_id
    WHERE s.automatic AND NOT EXISTS (SELECT 1 FROM invoice_runs r WHERE r.agent_id = s.agent_id AND r.month = ${month}::date)
    ORDER BY s.agent_id`);
  return rowsOf<{ agent_id: string | number; owner_user_no: string | number }>(result).map((r) => ({
    agentId: Number(r.agent_id),
    ownerUserNo: Number(r.owner_user_no),
  }));
}

/**
 * The first month the agent's runs may charge, as SQL for a statement that
 * charges by month (rent, recurring charges, penalties, water): the go-live
 * month, or NULL when the agency has none (decision 042), so
 * `greatest(first, goLiveFloor)` keeps the month it had.
 */
export function goLiveFloor(agentId: number | ReturnType<typeof sql>) {
  return sql`(SELECT gl.go_live_month FROM invoicing_settings gl WHERE gl.agent_id = ${agentId})`;
}

export async function goLiveMonth(db: DbOrTx, agentId: number): Promise<string | null> {
  const result = await db.execute(sql`SELECT go_live_month::text AS month FROM invoicing_settings WHERE agent_id = ${agentId}`);
  return rowsOf<{ month: string | null }>(result)[0]?.month ?? null;
}

/** Takes the agency's settings row (made when missing) so a go-live change and an opening balance do not interleave. */
export async function lockGoLive(db: DbOrTx, agentId: number, at: Date, by: number): Promise<string | null> {
  const result = await db.execute(sql`
    INSERT INTO invoicing_settings (agent_id, updated_at, updated_by) VALUES (${agentId}, ${at.toISOString()}, ${by})
    ON CONFLICT (agent_id) DO UPDATE SET agent_id = invoicing_settings.agent_id
    RETURNING go_live_month::text AS month`);
  return rowsOf<{ month: string | null }>(result)[0]?.month ?? null;
}

export async function setGoLiveMonth(db: DbOrTx, s: { agentId: number; month: string | null; at: Date; by: number }) {
  await db.execute(sql`
    UPDATE invoicing_settings SET go_live_month = ${s.month}::date, updated_at = ${s.at.toISOString()}, updated_by = ${s.by}
    WHERE agent_id = ${s.agentId}`);
}
