-- The jobs engine's own tables (migration 0063) are the machine's bookkeeping,
-- claimed and released every few seconds: like the rate limits and the outbox,
-- they stay out of the audit trail, which would otherwise fill with them.
CREATE OR REPLACE FUNCTION audit_attach(target text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_column text;
BEGIN
  IF target IN ('audit_events', 'rate_limits', 'server_secrets', 'email_codes', 'refresh_tokens', 'mail_outbox',
                'receipt_notices', 'tenancy_balances', 'receipt_counters', 'tenancy_rent_charges', 'tenancy_rent_lines',
                'jobs', 'job_schedules') THEN
    RETURN;
  END IF;
  SELECT a.attname INTO key_column
  FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
  WHERE i.indrelid = format('public.%I', target)::regclass AND i.indisprimary;
  EXECUTE format('DROP TRIGGER IF EXISTS audit_change ON public.%I', target);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_insert ON public.%I', target);
  EXECUTE format('CREATE TRIGGER audit_change AFTER UPDATE OR DELETE ON public.%I FOR EACH ROW EXECUTE FUNCTION audit_change(%L)',
                 target, coalesce(key_column, ''));
  EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON public.%I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert(%L)',
                 target, coalesce(key_column, ''));
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_change ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_insert ON jobs;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_change ON job_schedules;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_insert ON job_schedules;
