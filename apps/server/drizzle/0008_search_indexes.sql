-- "Contains" searches (client search, tenancy filters) use trigram indexes:
-- ILIKE '%…%' on a GIN trigram index instead of reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX clients_full_name_trgm ON clients USING gin (full_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_email_trgm ON clients USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_phone_no_trgm ON clients USING gin (phone_no gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX properties_property_name_trgm ON properties USING gin (property_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX tenancies_id_number_trgm ON tenancies USING gin (id_number gin_trgm_ops);
--> statement-breakpoint
-- Balance per statement: each statement's new lines must balance per
-- transaction. The lines of a transaction are the union of its statements'
-- lines, so the whole always balances too — without re-reading old lines.
CREATE OR REPLACE FUNCTION journal_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT txn_id INTO unbalanced
  FROM new_lines
  GROUP BY txn_id
  HAVING sum(debit_cents) <> sum(credit_cents)
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal transaction % does not balance', unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
