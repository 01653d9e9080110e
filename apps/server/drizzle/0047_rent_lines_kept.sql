-- The dashboard's rent collection summed every standing rent line of the
-- agency with its transaction and the reversal check, on every request (81 ms
-- for the 10,000-tenancy agency of the bench seed with one month charged, and
-- more with every month of history). tenancy_rent_lines keeps, beside the
-- journal, each standing rent line (debit or credit) with what the statement
-- asked of its transaction, and `since`: the first day on which the line
-- belongs to a month's own activity (its charge month, or the posting day in
-- Nairobi, whichever is later). What came before the month then follows from
-- the tenancy's rent balance (tenancy_balances) less the month's own lines,
-- so rent collection reads one month's lines, index-only
-- (docs/decisions/029-rent-collection-from-the-months-lines.md). Written by the
-- journal's triggers of migration 0043 in the statement that posts.
CREATE TABLE "tenancy_rent_lines" (
  "line_id" bigint PRIMARY KEY NOT NULL,
  "txn_id" bigint NOT NULL,
  "tenancy_id" bigint NOT NULL,
  "agent_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "charge_month" date,
  "posted_at" timestamp with time zone NOT NULL,
  "since" date NOT NULL,
  "debit_cents" bigint NOT NULL,
  "credit_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tenancy_rent_lines_agency_since" ON "tenancy_rent_lines" USING btree ("agent_id", "since")
  INCLUDE ("tenancy_id", "kind", "charge_month", "posted_at", "debit_cents", "credit_cents");
--> statement-breakpoint
CREATE INDEX "tenancy_rent_lines_txn" ON "tenancy_rent_lines" USING btree ("txn_id");
--> statement-breakpoint
-- One pass over the new lines with their transactions feeds both kept tables.
CREATE OR REPLACE FUNCTION journal_keep_rent_charges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH rent AS (
    SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id, j.kind, j.charge_month, j.posted_at, l.debit_cents, l.credit_cents
    FROM new_lines l
    JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
    WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND j.kind <> 'reversal'
      AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
  ),
  kept_lines AS (
    INSERT INTO tenancy_rent_lines (line_id, txn_id, tenancy_id, agent_id, kind, charge_month, posted_at, since, debit_cents, credit_cents)
    SELECT line_id, txn_id, tenancy_id, agent_id, kind, charge_month, posted_at,
           greatest(charge_month, ((posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date), debit_cents, credit_cents
    FROM rent
  )
  INSERT INTO tenancy_rent_charges (line_id, txn_id, tenancy_id, agent_id, due, cents)
  SELECT r.line_id, r.txn_id, r.tenancy_id, r.agent_id,
         coalesce(greatest(r.charge_month, ((t.start_date AT TIME ZONE 'UTC') + interval '3 hours')::date),
                  ((r.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date),
         r.debit_cents
  FROM rent r
  JOIN tenancies t ON t.tenancy_id = r.tenancy_id
  WHERE r.debit_cents > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A reversal takes its original's charges and lines out, in the statement that posts it.
CREATE OR REPLACE FUNCTION journal_drop_reversed_rent_charges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tenancy_rent_charges c USING new_txns n WHERE n.reverses_txn_id IS NOT NULL AND c.txn_id = n.reverses_txn_id;
  DELETE FROM tenancy_rent_lines c USING new_txns n WHERE n.reverses_txn_id IS NOT NULL AND c.txn_id = n.reverses_txn_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO tenancy_rent_lines (line_id, txn_id, tenancy_id, agent_id, kind, charge_month, posted_at, since, debit_cents, credit_cents)
SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id, j.kind, j.charge_month, j.posted_at,
       greatest(j.charge_month, ((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date), l.debit_cents, l.credit_cents
FROM journal_lines l
JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND j.kind <> 'reversal'
  AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id);
--> statement-breakpoint
-- Only the journal's triggers write it, as tenancy_rent_charges (migration 0043); the refusal names the table.
CREATE OR REPLACE FUNCTION tenancy_rent_charges_refuse_direct() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION '% is kept by the journal; % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancy_rent_lines_only_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenancy_rent_lines
  FOR EACH STATEMENT EXECUTE FUNCTION tenancy_rent_charges_refuse_direct();
