-- The dashboard's arrears by age read every standing rent line of the agency
-- with its transaction, the reversal check and the tenancy's start date, on
-- every request (157 ms for the 10,000-tenancy agency with one month charged,
-- and more with every month of history). tenancy_rent_charges keeps, beside
-- the journal, each standing rent debit with the day it fell due: written by
-- triggers in the statement that posts the lines (or the reversal), so in the
-- same transaction on PGlite and PostgreSQL alike. The unpaid part of each
-- charge then follows from the tenancy's rent balance (tenancy_balances):
-- payments settle the oldest charges first, so what is unpaid is the newest
-- charges adding up to the balance (docs/decisions/024-dashboard-figures-kept-beside-the-journal.md).
CREATE TABLE "tenancy_rent_charges" (
  "line_id" bigint PRIMARY KEY NOT NULL,
  "txn_id" bigint NOT NULL,
  "tenancy_id" bigint NOT NULL,
  "agent_id" bigint NOT NULL,
  -- The first of the month charged, or the start date (Nairobi) for a tenancy
  -- that began later that month; the posting day (Nairobi) when no month is charged.
  "due" date NOT NULL,
  "cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tenancy_rent_charges_agency" ON "tenancy_rent_charges" USING btree ("agent_id", "tenancy_id", "due", "txn_id") INCLUDE ("cents");
--> statement-breakpoint
CREATE INDEX "tenancy_rent_charges_txn" ON "tenancy_rent_charges" USING btree ("txn_id");
--> statement-breakpoint
-- A rent debit line of a transaction that is neither a reversal nor reversed.
CREATE FUNCTION journal_keep_rent_charges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenancy_rent_charges (line_id, txn_id, tenancy_id, agent_id, due, cents)
  SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id,
         coalesce(greatest(j.charge_month, ((t.start_date AT TIME ZONE 'UTC') + interval '3 hours')::date),
                  ((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date),
         l.debit_cents
  FROM new_lines l
  JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
  JOIN tenancies t ON t.tenancy_id = j.tenancy_id
  WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND l.debit_cents > 0 AND j.kind <> 'reversal'
    AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_rent_charges AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_keep_rent_charges();
--> statement-breakpoint
-- A reversal takes its original's charges out, in the statement that posts it.
CREATE FUNCTION journal_drop_reversed_rent_charges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tenancy_rent_charges c USING new_txns n WHERE n.reverses_txn_id IS NOT NULL AND c.txn_id = n.reverses_txn_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_transactions_reversed_rent_charges AFTER INSERT ON journal_transactions
  REFERENCING NEW TABLE AS new_txns
  FOR EACH STATEMENT EXECUTE FUNCTION journal_drop_reversed_rent_charges();
--> statement-breakpoint
INSERT INTO tenancy_rent_charges (line_id, txn_id, tenancy_id, agent_id, due, cents)
SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id,
       coalesce(greatest(j.charge_month, ((t.start_date AT TIME ZONE 'UTC') + interval '3 hours')::date),
                ((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date),
       l.debit_cents
FROM journal_lines l
JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
JOIN tenancies t ON t.tenancy_id = j.tenancy_id
WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND l.debit_cents > 0 AND j.kind <> 'reversal'
  AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id);
--> statement-breakpoint
-- Only the journal's triggers write it (trigger depth 2): a direct statement is refused.
CREATE FUNCTION tenancy_rent_charges_refuse_direct() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'tenancy_rent_charges is kept by the journal; % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancy_rent_charges_only_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenancy_rent_charges
  FOR EACH STATEMENT EXECUTE FUNCTION tenancy_rent_charges_refuse_direct();
--> statement-breakpoint
-- A tenancy's start date places its first charge: it is set at booking and never changed, and this keeps it so.
CREATE FUNCTION tenancies_start_date_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a tenancy''s start date is not changed once booked' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancies_start_date_kept BEFORE UPDATE OF start_date ON tenancies
  FOR EACH ROW WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date) EXECUTE FUNCTION tenancies_start_date_kept();
--> statement-breakpoint
-- An agency's ended tenancies, for the dashboard's bounded count of those not
-- yet settled: read from here instead of every tenancy of every agency.
CREATE INDEX "tenancies_ended_by_agent_id" ON "tenancies" USING btree ("agent_id", "tenancy_id") WHERE ended_at IS NOT NULL;
