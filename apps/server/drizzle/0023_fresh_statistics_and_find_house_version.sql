-- Client search narrows to the agency before it matches: btree_gin lets one GIN
-- index hold the capturing agency beside the name's, email's and phone's
-- trigrams, so the scan starts from the agency's own clients instead of every
-- agency's matches filtered afterwards.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX clients_agent_full_name_trgm ON clients USING gin (capturing_agent_id, full_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_agent_email_trgm ON clients USING gin (capturing_agent_id, email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX clients_agent_phone_no_trgm ON clients USING gin (capturing_agent_id, phone_no gin_trgm_ops);
--> statement-breakpoint
-- Statistics the planner can trust after a bulk write. The app's role owns no
-- table and so may not ANALYZE one itself; this function, owned by the role that
-- migrates, analyses the named tables of this schema (all of them when NULL) whose rows changed by more
-- than autovacuum's own threshold (50 rows and a tenth of the table) since they
-- were last analysed. `written` adds the rows the caller has just committed,
-- which the statistics counters may not show yet. PGlite has no autovacuum at
-- all, so the app also calls it on a timer there.
CREATE OR REPLACE FUNCTION analyze_stale_tables(tables text[], written bigint DEFAULT 0)
RETURNS text[] LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  stale record;
  analysed text[] := '{}';
BEGIN
  FOR stale IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.relkind = 'r' AND (tables IS NULL OR c.relname = ANY (tables))
      AND coalesce(s.n_mod_since_analyze, 0) + greatest(written, 0) > 50 + 0.1 * greatest(c.reltuples, 0)
    ORDER BY c.relname
  LOOP
    EXECUTE format('ANALYZE %I', stale.relname);
    analysed := analysed || stale.relname::text;
  END LOOP;
  RETURN analysed;
END;
$$;
--> statement-breakpoint
-- The public Find House page is cached by every app process under this version;
-- any write to what the page shows (houses, properties, agencies' names, the
-- listings) moves it in the writing transaction, so the next read in any
-- process sees the change as soon as it commits.
CREATE TABLE find_house_version (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO find_house_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION find_house_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE find_house_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER houses_find_house_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON houses
  FOR EACH STATEMENT EXECUTE FUNCTION find_house_changed();
--> statement-breakpoint
CREATE TRIGGER properties_find_house_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION find_house_changed();
--> statement-breakpoint
CREATE TRIGGER agents_find_house_changed AFTER UPDATE OF agent_name OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION find_house_changed();
--> statement-breakpoint
CREATE TRIGGER vacancy_listings_find_house_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vacancy_listings
  FOR EACH STATEMENT EXECUTE FUNCTION find_house_changed();
