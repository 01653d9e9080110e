import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/database';

export interface ClaimedJob {
  jobId: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** Writes (or rewrites) a recurring task's period: the row in the database is what every process reads. */
export async function saveSchedule(db: DbOrTx, s: { name: string; everySeconds: number; offsetSeconds: number; at: Date }) {
  await db.execute(sql`
    INSERT INTO job_schedules (name, every_seconds, offset_seconds, updated_at)
    VALUES (${s.name}, ${s.everySeconds}, ${s.offsetSeconds}, ${s.at.toISOString()})
    ON CONFLICT (name) DO UPDATE SET every_seconds = excluded.every_seconds, offset_seconds = excluded.offset_seconds, updated_at = excluded.updated_at
    WHERE (job_schedules.every_seconds, job_schedules.offset_seconds) IS DISTINCT FROM (excluded.every_seconds, excluded.offset_seconds)`);
}

/**
 * Enqueues the current period of each named schedule, unless a run of it is
 * still waiting or running: the unique (name, due_at) makes two processes
 * that look at once enqueue it once. Answers how many were enqueued.
 */
export async function enqueueDuePeriods(db: DbOrTx, names: string[], now: Date) {
  if (!names.length) return 0;
  const at = now.toISOString();
  const result = await db.execute(sql`
    INSERT INTO jobs (name, due_at, run_at, created_at)
    SELECT s.name, p.due_at, p.due_at, ${at}::timestamptz
    FROM job_schedules s
    CROSS JOIN LATERAL (
      SELECT to_timestamp(floor((extract(epoch FROM ${at}::timestamptz) - s.offset_seconds) / s.every_seconds) * s.every_seconds + s.offset_seconds) AS due_at
    ) p
    WHERE s.name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
      AND NOT EXISTS (SELECT 1 FROM jobs w WHERE w.name = s.name AND w.due_at IS NOT NULL AND w.finished_at IS NULL)
    ON CONFLICT (name, due_at) DO NOTHING
    RETURNING job_id`);
  return rowsOf(result).length;
}

export async function enqueue(db: DbOrTx, j: { name: string; payload: unknown; runAt: Date; maxAttempts: number; at: Date }) {
  const result = await db.execute(sql`
    INSERT INTO jobs (name, payload, run_at, max_attempts, created_at)
    VALUES (${j.name}, ${JSON.stringify(j.payload ?? {})}::jsonb, ${j.runAt.toISOString()}, ${j.maxAttempts}, ${j.at.toISOString()})
    RETURNING job_id`);
  return Number(rowsOf<{ job_id: string | number }>(result)[0]!.job_id);
}

/**
 * Takes the oldest waiting job this process can run: rows another process is
 * claiming are skipped, not waited for, and a lease that ran out (its process
 * died) is taken again.
 */
export async function claim(db: DbOrTx, c: { leases: Map<string, number>; worker: string; now: Date }): Promise<ClaimedJob | null> {
  const names = [...c.leases.keys()];
  if (!names.length) return null;
  const at = c.now.toISOString();
  const lease = sql.join([...c.leases].map(([name, seconds]) => sql`WHEN ${name} THEN ${seconds}::int`), sql` `);
  const result = await db.execute(sql`
    UPDATE jobs SET locked_by = ${c.worker}, attempts = attempts + 1,
      locked_until = ${at}::timestamptz + (CASE name ${lease} END) * interval '1 second'
    WHERE job_id = (
      SELECT job_id FROM jobs
      WHERE finished_at IS NULL AND run_at <= ${at}
        AND (locked_until IS NULL OR locked_until < ${at})
        AND name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
      ORDER BY run_at, job_id
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING job_id, name, payload, attempts, max_attempts`);
  const row = rowsOf<{ job_id: string | number; name: string; payload: unknown; attempts: number; max_attempts: number }>(result)[0];
  return row
    ? { jobId: Number(row.job_id), name: row.name, payload: row.payload, attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts) }
    : null;
}

/** Done: only while this process still holds the lease (one taken again by another is theirs now). */
export async function finish(db: DbOrTx, f: { jobId: number; worker: string; at: Date }) {
  await db.execute(sql`
    UPDATE jobs SET finished_at = ${f.at.toISOString()}, locked_by = NULL, locked_until = NULL
    WHERE job_id = ${f.jobId} AND locked_by = ${f.worker}`);
}

/** Failed: waits until `retryAt`, or fails for good when `final`; the error is kept either way. */
export async function fail(db: DbOrTx, f: { jobId: number; worker: string; error: string; retryAt: Date; final: boolean; at: Date }) {
  await db.execute(sql`
    UPDATE jobs SET last_error = ${f.error}, run_at = ${f.retryAt.toISOString()}, locked_by = NULL, locked_until = NULL,
      failed = ${f.final}, finished_at = ${f.final ? f.at.toISOString() : null}
    WHERE job_id = ${f.jobId} AND locked_by = ${f.worker}`);
}

/** A stopping process gives back what it claimed but did not start, and what it gave up waiting for. */
export async function release(db: DbOrTx, worker: string) {
  await db.execute(sql`UPDATE jobs SET locked_by = NULL, locked_until = NULL, attempts = greatest(attempts - 1, 0) WHERE locked_by = ${worker} AND finished_at IS NULL`);
}

/** Finished runs are kept a day for whoever looks into one, then forgotten. */
export async function forgetFinished(db: DbOrTx, before: Date) {
  await db.execute(sql`DELETE FROM jobs WHERE finished_at < ${before.toISOString()}`);
}

/** Per-agency work: true when this transaction holds the agency's lock for `key`, false when another holds it (then skip). */
export async function tryAgencyLock(tx: DbOrTx, key: number, agentId: number) {
  const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}::int, ${agentId}::int) AS got`);
  return Boolean(rowsOf<{ got: boolean }>(result)[0]?.got);
}
