import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One run of a background task (decision 051): claimed by one process under a lease, retried with back-off. */
export const jobs = pgTable(
  'jobs',
  {
    jobId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    payload: jsonb().notNull().default(sql`'{}'::jsonb`),
    dueAt: timestamp({ withTimezone: true }),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    finishedAt: timestamp({ withTimezone: true }),
    failed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('jobs_schedule_period').on(t.name, t.dueAt),
    index('jobs_waiting').on(t.runAt).where(sql`finished_at IS NULL`),
    index('jobs_finished').on(t.finishedAt).where(sql`finished_at IS NOT NULL`),
    check('jobs_attempts', sql`attempts >= 0 AND max_attempts >= 1`),
  ],
);

/** A recurring task: due at offset_seconds past every every_seconds since the epoch (UTC). */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    name: text().primaryKey(),
    everySeconds: integer().notNull(),
    offsetSeconds: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  () => [check('job_schedules_period', sql`every_seconds > 0 AND offset_seconds >= 0 AND offset_seconds < every_seconds`)],
);
