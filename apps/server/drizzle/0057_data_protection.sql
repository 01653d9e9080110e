-- Data protection (Data Protection Act 2019, General Regulations 2021; decision 045):
-- a person's requests with their clocks, the breach register with its 72 hours,
-- the agency's retention hold, and people anonymised by erasure or by the hold.
CREATE TABLE "dp_requests" (
  "request_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents" ("agent_id"),
  "client_no" bigint NOT NULL REFERENCES "clients" ("client_no"),
  "tenancy_id" bigint REFERENCES "tenancies" ("tenancy_id"),
  "kind" text NOT NULL,
  "source" text NOT NULL,
  "details" text NOT NULL DEFAULT '',
  "received_at" timestamp with time zone NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "recorded_by" bigint REFERENCES "users" ("user_no"),
  "closed_at" timestamp with time zone,
  "closed_by" bigint REFERENCES "users" ("user_no"),
  "outcome" text,
  "answer" text,
  CONSTRAINT "dp_requests_kind" CHECK (kind IN ('access', 'correction', 'erasure', 'objection', 'portability')),
  CONSTRAINT "dp_requests_source" CHECK (source IN ('link', 'office')),
  CONSTRAINT "dp_requests_outcome" CHECK (outcome IS NULL OR outcome IN ('done', 'refused')),
  CONSTRAINT "dp_requests_closed" CHECK ((closed_at IS NULL) = (outcome IS NULL) AND (closed_at IS NULL) = (answer IS NULL)),
  CONSTRAINT "dp_requests_due" CHECK (due_at > received_at)
);--> statement-breakpoint
CREATE INDEX "dp_requests_agent_received" ON "dp_requests" USING btree ("agent_id", "received_at");--> statement-breakpoint
CREATE INDEX "dp_requests_client" ON "dp_requests" USING btree ("client_no");--> statement-breakpoint
CREATE TABLE "dp_breaches" (
  "breach_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents" ("agent_id"),
  "discovered_at" timestamp with time zone NOT NULL,
  "description" text NOT NULL,
  "people_affected" integer NOT NULL,
  "measures" text NOT NULL DEFAULT '',
  "recorded_at" timestamp with time zone NOT NULL,
  "recorded_by" bigint NOT NULL REFERENCES "users" ("user_no"),
  "odpc_notified_at" timestamp with time zone,
  "people_notified_at" timestamp with time zone,
  CONSTRAINT "dp_breaches_people" CHECK (people_affected >= 0),
  CONSTRAINT "dp_breaches_notified_after" CHECK (odpc_notified_at IS NULL OR odpc_notified_at >= discovered_at)
);--> statement-breakpoint
CREATE INDEX "dp_breaches_agent_discovered" ON "dp_breaches" USING btree ("agent_id", "discovered_at");--> statement-breakpoint
CREATE TABLE "dp_settings" (
  "agent_id" bigint PRIMARY KEY REFERENCES "agents" ("agent_id"),
  "retention_years" integer NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" bigint NOT NULL REFERENCES "users" ("user_no"),
  CONSTRAINT "dp_settings_years" CHECK (retention_years BETWEEN 5 AND 30)
);--> statement-breakpoint
-- Who was anonymised, when and why: the pseudonym is what the books now show.
CREATE TABLE "dp_erasures" (
  "erasure_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents" ("agent_id"),
  "client_no" bigint NOT NULL REFERENCES "clients" ("client_no"),
  "reason" text NOT NULL,
  "erased_at" timestamp with time zone NOT NULL,
  "erased_by" bigint REFERENCES "users" ("user_no"),
  CONSTRAINT "dp_erasures_reason" CHECK (reason IN ('request', 'retention')),
  CONSTRAINT "dp_erasures_once" UNIQUE ("client_no")
);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Ended tenancies by the day they ended: the retention pass reads past the hold from here.
CREATE INDEX "tenancies_ended_at" ON "tenancies" USING btree ("ended_at") WHERE ended_at IS NOT NULL;--> statement-breakpoint
-- An erasure's own changes must not copy the personal data it removes into the
-- audit trail: while makazi.erasing is set in the transaction, an update keeps
-- only that a field changed and what it became.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('makazi.actor', true), '')::jsonb;
  erasing boolean := coalesce(current_setting('makazi.erasing', true), '') = 'on';
  binary_columns text[] := ARRAY(SELECT a.attname::text FROM pg_attribute a
                                 WHERE a.attrelid = TG_RELID AND a.atttypid = 'bytea'::regtype
                                   AND a.attnum > 0 AND NOT a.attisdropped);
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := coalesce(after, before);
  diff jsonb := '{}'::jsonb;
  field text;
BEGIN
  FOR field IN SELECT jsonb_object_keys(row_now) LOOP
    -- A new or deleted row's empty fields say nothing: only what it held is kept.
    IF (before -> field) IS DISTINCT FROM (after -> field)
       AND NOT (TG_OP <> 'UPDATE' AND row_now -> field = 'null'::jsonb) THEN
      -- Secrets are never copied into the trail: only that they changed.
      diff := diff || jsonb_build_object(field, CASE
        WHEN field = ANY (binary_columns) THEN jsonb_build_array('[binary]', '[binary]')
        WHEN field LIKE '%hash%' OR field LIKE '%secret%' THEN jsonb_build_array('[hidden]', '[hidden]')
        WHEN erasing THEN jsonb_build_array('[erased]', after -> field)
        ELSE jsonb_build_array(before -> field, after -> field) END);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_events (table_name, record_id, action, changes, user_no, agent_id, role, ip)
  VALUES (TG_TABLE_NAME, row_now ->> TG_ARGV[0], lower(TG_OP), diff,
          (actor ->> 'userNo')::bigint,
          coalesce((actor ->> 'agentId')::bigint, (row_now ->> 'agent_id')::bigint),
          (actor ->> 'role')::integer, actor ->> 'ip');
  RETURN NULL;
END;
$$;
