-- The audit trail: every change to a business table, appended by a trigger in
-- the same transaction, with who made it (read from the transaction-local
-- setting makazi.actor the app sets) and the before and after of each field
-- that changed. Append-only, guarded like the journal. A table created later
-- joins by `SELECT audit_attach('its_name')`, which the migrator also runs
-- for every table without the trigger after each migration (database.ts).
CREATE TABLE "audit_events" (
  "event_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "at" timestamp with time zone NOT NULL DEFAULT clock_timestamp(),
  "table_name" text NOT NULL,
  "record_id" text,
  "action" text NOT NULL,
  "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "user_no" bigint,
  "agent_id" bigint,
  "role" integer,
  "ip" text,
  CONSTRAINT "audit_events_action" CHECK (action IN ('insert', 'update', 'delete', 'read'))
);--> statement-breakpoint
CREATE INDEX "audit_events_agent_at" ON "audit_events" USING btree ("agent_id", "at");--> statement-breakpoint
CREATE INDEX "audit_events_record" ON "audit_events" USING btree ("table_name", "record_id");--> statement-breakpoint
CREATE INDEX "audit_events_user_at" ON "audit_events" USING btree ("user_no", "at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('makazi.actor', true), '')::jsonb;
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := coalesce(after, before);
  diff jsonb := '{}'::jsonb;
  field text;
BEGIN
  FOR field IN SELECT jsonb_object_keys(row_now) LOOP
    IF (before -> field) IS DISTINCT FROM (after -> field) THEN
      -- Secrets are never copied into the trail: only that they changed.
      diff := diff || jsonb_build_object(field, CASE WHEN field LIKE '%hash%' OR field LIKE '%secret%'
        THEN jsonb_build_array('[hidden]', '[hidden]')
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
$$;--> statement-breakpoint
-- Tables that are the server's own bookkeeping or hold secrets are left out:
-- they change without anyone acting, or must not be copied.
CREATE OR REPLACE FUNCTION audit_attach(target text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_column text;
BEGIN
  IF target IN ('audit_events', 'rate_limits', 'server_secrets', 'email_codes', 'refresh_tokens', 'mail_outbox',
                'receipt_notices', 'tenancy_balances', 'receipt_counters') THEN
    RETURN;
  END IF;
  SELECT a.attname INTO key_column
  FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
  WHERE i.indrelid = format('public.%I', target)::regclass AND i.indisprimary;
  EXECUTE format('DROP TRIGGER IF EXISTS audit_change ON public.%I', target);
  EXECUTE format('CREATE TRIGGER audit_change AFTER INSERT OR UPDATE OR DELETE ON public.%I FOR EACH ROW EXECUTE FUNCTION audit_change(%L)',
                 target, coalesce(key_column, ''));
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_attach_all() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t text;
  attached integer := 0;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'audit_change')
  LOOP
    PERFORM audit_attach(t);
    attached := attached + 1;
  END LOOP;
  RETURN attached;
END;
$$;--> statement-breakpoint
SELECT audit_attach_all();
