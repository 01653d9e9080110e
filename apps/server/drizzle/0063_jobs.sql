-- One jobs engine for every background task (decision 051): a job is claimed
-- by one process with FOR UPDATE SKIP LOCKED and held by a lease, so a killed
-- process's job is taken again once locked_until has passed.
CREATE TABLE jobs (
  job_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The period a schedule enqueued this run for; NULL for a job enqueued once.
  due_at timestamptz,
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  finished_at timestamptz,
  failed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  CONSTRAINT jobs_attempts CHECK (attempts >= 0 AND max_attempts >= 1)
);
--> statement-breakpoint
-- A schedule's period is enqueued once whichever process looks first.
CREATE UNIQUE INDEX jobs_schedule_period ON jobs (name, due_at);
--> statement-breakpoint
CREATE INDEX jobs_waiting ON jobs (run_at) WHERE finished_at IS NULL;
--> statement-breakpoint
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL;
--> statement-breakpoint
-- Each recurring task is one row: it is due at offset_seconds past every
-- every_seconds since the epoch (UTC), so every process computes the same periods.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  every_seconds integer NOT NULL,
  offset_seconds integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  CONSTRAINT job_schedules_period CHECK (every_seconds > 0 AND offset_seconds >= 0 AND offset_seconds < every_seconds)
);
