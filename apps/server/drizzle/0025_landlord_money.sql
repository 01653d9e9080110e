-- Landlord money (DESIGN.md §4b): management agreements, the MRI rate table,
-- landlords' tax details and the landlord journal. The landlord journal is a
-- second append-only, balanced journal beside the tenants' one: its
-- transactions need no tenancy (an expense, a payout, a payment to KRA), which
-- the tenants' journal requires of every transaction (docs/decisions/012-landlord-journal.md).
CREATE TABLE "mri_rates" (
  "effective_from" date PRIMARY KEY NOT NULL,
  "rate_bp" integer NOT NULL,
  CONSTRAINT "mri_rates_rate_range" CHECK (rate_bp >= 0 AND rate_bp <= 10000)
);
--> statement-breakpoint
-- Kenya's Monthly Rental Income tax: 10% from 2016, 7.5% of gross residential rent from 1 January 2024.
INSERT INTO "mri_rates" ("effective_from", "rate_bp") VALUES ('2016-01-01', 1000), ('2024-01-01', 750);
--> statement-breakpoint
CREATE TABLE "management_agreements" (
  "agreement_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "management_agreements_agreement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "prop_id" bigint NOT NULL REFERENCES "properties"("prop_id"),
  "effective_from" date NOT NULL,
  "commission_bp" integer NOT NULL DEFAULT 0,
  "fixed_fee_cents" bigint NOT NULL DEFAULT 0,
  "commission_kinds" text[] NOT NULL DEFAULT '{rent}',
  "withholds_tax" boolean NOT NULL DEFAULT false,
  "property_use" text NOT NULL DEFAULT 'residential',
  "payout_method" text NOT NULL,
  "payout_bank" text NOT NULL DEFAULT '',
  "payout_account" text NOT NULL DEFAULT '',
  "payout_phone" text NOT NULL DEFAULT '',
  "remittance_day" smallint NOT NULL,
  "approval_threshold_cents" bigint,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "management_agreements_commission_range" CHECK (commission_bp >= 0 AND commission_bp <= 10000),
  CONSTRAINT "management_agreements_fee_not_negative" CHECK (fixed_fee_cents >= 0),
  CONSTRAINT "management_agreements_use_known" CHECK (property_use IN ('residential', 'commercial')),
  CONSTRAINT "management_agreements_method_known" CHECK (payout_method IN ('bank', 'mpesa')),
  CONSTRAINT "management_agreements_day_range" CHECK (remittance_day BETWEEN 1 AND 28),
  CONSTRAINT "management_agreements_threshold_positive" CHECK (approval_threshold_cents IS NULL OR approval_threshold_cents > 0)
);
--> statement-breakpoint
-- One agreement per property and starting day: a change is a new row from its date on.
CREATE UNIQUE INDEX "management_agreements_prop_from" ON "management_agreements" ("prop_id", "effective_from");
--> statement-breakpoint
CREATE INDEX "management_agreements_agent" ON "management_agreements" ("agent_id");
--> statement-breakpoint
CREATE TABLE "landlord_tax_details" (
  "client_no" bigint PRIMARY KEY NOT NULL REFERENCES "clients"("client_no"),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "kra_pin" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "landlord_tax_details_pin_format" CHECK (kra_pin ~ '^[A-Z][0-9]{9}[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "landlord_txns" (
  "txn_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landlord_txns_txn_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "kind" text NOT NULL,
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "prop_id" bigint REFERENCES "properties"("prop_id"),
  "tenancy_id" bigint REFERENCES "tenancies"("tenancy_id"),
  "journal_txn_id" bigint,
  "reverses_txn_id" bigint REFERENCES "landlord_txns"("txn_id"),
  "posted_at" timestamp with time zone NOT NULL,
  "money_date" date NOT NULL,
  "details" text NOT NULL,
  "posted_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "landlord_txns_kind_known" CHECK (kind IN ('collection', 'reversal', 'expense', 'payout', 'tax_payment')),
  CONSTRAINT "landlord_txns_reversal_names_original" CHECK ((kind = 'reversal') = (reverses_txn_id IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landlord_txns_reversed_once" ON "landlord_txns" ("reverses_txn_id") WHERE reverses_txn_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "landlord_txns_agent_landlord" ON "landlord_txns" ("agent_id", "landlord_no", "money_date");
--> statement-breakpoint
CREATE INDEX "landlord_txns_journal_txn" ON "landlord_txns" ("journal_txn_id") WHERE journal_txn_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "landlord_lines" (
  "line_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landlord_lines_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "txn_id" bigint NOT NULL REFERENCES "landlord_txns"("txn_id"),
  "agent_id" bigint NOT NULL,
  "account" text NOT NULL,
  "landlord_no" bigint NOT NULL,
  "prop_id" bigint,
  "tenancy_id" bigint,
  "debit_cents" bigint NOT NULL DEFAULT 0,
  "credit_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "landlord_lines_account_known" CHECK (account IN ('collected', 'landlord', 'commission', 'tax_payable', 'cash')),
  CONSTRAINT "landlord_lines_one_sided_positive" CHECK (debit_cents >= 0 AND credit_cents >= 0 AND (debit_cents = 0) <> (credit_cents = 0))
);
--> statement-breakpoint
CREATE INDEX "landlord_lines_txn" ON "landlord_lines" ("txn_id");
--> statement-breakpoint
CREATE INDEX "landlord_lines_tenancy_collected" ON "landlord_lines" ("tenancy_id") WHERE account = 'collected';
--> statement-breakpoint
CREATE INDEX "landlord_lines_agent_account" ON "landlord_lines" ("agent_id", "account", "landlord_no");
--> statement-breakpoint
CREATE FUNCTION landlord_journal_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the landlord journal is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER landlord_txns_append_only BEFORE UPDATE OR DELETE ON landlord_txns
  FOR EACH ROW EXECUTE FUNCTION landlord_journal_refuse_change();
--> statement-breakpoint
CREATE TRIGGER landlord_lines_append_only BEFORE UPDATE OR DELETE ON landlord_lines
  FOR EACH ROW EXECUTE FUNCTION landlord_journal_refuse_change();
--> statement-breakpoint
CREATE TRIGGER landlord_txns_no_truncate BEFORE TRUNCATE ON landlord_txns
  FOR EACH STATEMENT EXECUTE FUNCTION landlord_journal_refuse_change();
--> statement-breakpoint
CREATE TRIGGER landlord_lines_no_truncate BEFORE TRUNCATE ON landlord_lines
  FOR EACH STATEMENT EXECUTE FUNCTION landlord_journal_refuse_change();
--> statement-breakpoint
-- Each statement leaves every transaction it touched balanced, its lines of the
-- transaction's agent and landlord: checked once per statement, as the tenants' journal is.
CREATE FUNCTION landlord_journal_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stray bigint;
BEGIN
  SELECT l.txn_id INTO stray
  FROM landlord_lines l
  WHERE l.txn_id IN (SELECT DISTINCT txn_id FROM new_lines)
  GROUP BY l.txn_id
  HAVING sum(l.debit_cents) <> sum(l.credit_cents)
  LIMIT 1;
  IF stray IS NOT NULL THEN
    RAISE EXCEPTION 'landlord journal transaction % does not balance', stray USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.txn_id INTO stray
  FROM new_lines n JOIN landlord_txns t ON t.txn_id = n.txn_id
  WHERE n.agent_id <> t.agent_id OR n.landlord_no <> t.landlord_no
  LIMIT 1;
  IF stray IS NOT NULL THEN
    RAISE EXCEPTION 'landlord journal transaction % has a line of another agent or landlord', stray USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER landlord_lines_checked AFTER INSERT ON landlord_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION landlord_journal_check();
