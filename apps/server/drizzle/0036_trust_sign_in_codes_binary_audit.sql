-- Sign-in codes (issue 20, point 5): once an account's wrong passwords reach
-- the per-account bound, signing in takes the password and a code mailed to
-- the account. They live beside the sign-up codes, told apart by purpose, so a
-- code for one can never be spent on the other.
ALTER TABLE "email_codes" ADD COLUMN "purpose" text NOT NULL DEFAULT 'sign-up';--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose" CHECK (purpose IN ('sign-up', 'sign-in'));--> statement-breakpoint
-- Binary columns (statement PDFs, photos) stay out of the audit trail: their
-- hex would swell every event, and a person reads nothing in it. That one
-- changed is kept, as '[binary]'.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('makazi.actor', true), '')::jsonb;
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
