-- Know-your-customer and anti-money-laundering records (POCAMLA, issue 34; decision 044).
-- Every table is named kyc_* or aml_*: data-protection erasure skips them, and
-- no foreign key here cascades, so erasing a person elsewhere cannot take them.
-- Each is appended only: a correction is a new version; nothing is changed or
-- removed within 7 years of being written (kept_seven_years below).
CREATE FUNCTION kyc_aml_kept_seven_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION '% is kept for 7 years: TRUNCATE is refused', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.created_at > now() - interval '7 years' THEN
    RAISE EXCEPTION '% is kept for 7 years from %: % is refused; a correction is a new version', TG_TABLE_NAME, OLD.created_at, TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
-- Who the agency knows a landlord or a business tenant to be; each save is a new version.
CREATE TABLE "kyc_records" (
  "kyc_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "client_no" bigint NOT NULL REFERENCES "clients"("client_no") ON DELETE RESTRICT,
  "subject_kind" text NOT NULL,
  "version" integer NOT NULL,
  "full_name" text NOT NULL,
  "id_kind" text NOT NULL,
  "id_number" text NOT NULL,
  "kra_pin" text NOT NULL,
  "pep" boolean NOT NULL,
  "pep_details" text NOT NULL DEFAULT '',
  "verified_on" date NOT NULL,
  "verified_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT,
  "note" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT,
  CONSTRAINT "kyc_records_kind_known" CHECK (subject_kind IN ('landlord', 'business_tenant')),
  CONSTRAINT "kyc_records_id_kind_known" CHECK (id_kind IN ('national_id', 'passport', 'alien_id', 'company_registration')),
  CONSTRAINT "kyc_records_pin_format" CHECK (kra_pin ~ '^[A-Z][0-9]{9}[A-Z]$'),
  CONSTRAINT "kyc_records_version_positive" CHECK (version > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_records_one_version" ON "kyc_records" ("agent_id", "client_no", "version");
--> statement-breakpoint
CREATE TABLE "kyc_beneficial_owners" (
  "owner_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "kyc_id" bigint NOT NULL REFERENCES "kyc_records"("kyc_id") ON DELETE RESTRICT,
  "full_name" text NOT NULL,
  "id_number" text NOT NULL,
  "share_bp" integer NOT NULL,
  "pep" boolean NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "kyc_beneficial_owners_share" CHECK (share_bp > 0 AND share_bp <= 10000)
);
--> statement-breakpoint
CREATE INDEX "kyc_beneficial_owners_record" ON "kyc_beneficial_owners" ("kyc_id");
--> statement-breakpoint
-- Copies of IDs, certificates of incorporation, PIN certificates: checked by their bytes.
CREATE TABLE "kyc_documents" (
  "document_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "client_no" bigint NOT NULL REFERENCES "clients"("client_no") ON DELETE RESTRICT,
  "description" text NOT NULL,
  "file_name" text NOT NULL,
  "content_type" text NOT NULL,
  "bytes" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT
);
--> statement-breakpoint
CREATE INDEX "kyc_documents_subject" ON "kyc_documents" ("agent_id", "client_no");
--> statement-breakpoint
-- The agency's money-laundering reporting officer and its FRC registration; the newest row holds.
CREATE TABLE "aml_settings" (
  "setting_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "officer_user_no" bigint REFERENCES "users"("user_no") ON DELETE RESTRICT,
  "officer_name" text NOT NULL,
  "officer_contact" text NOT NULL,
  "frc_registration_no" text NOT NULL DEFAULT '',
  "frc_registered_on" date,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT
);
--> statement-breakpoint
CREATE INDEX "aml_settings_agent" ON "aml_settings" ("agent_id", "setting_id");
--> statement-breakpoint
-- The reporting threshold, dated: US dollars and the shillings to the dollar it is applied at.
-- Rows of no agent hold for every agency; an agency's own row from the same day or later wins.
CREATE TABLE "aml_thresholds" (
  "threshold_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "from_date" date NOT NULL,
  "usd_cents" bigint NOT NULL,
  "ksh_per_usd" numeric(12, 4) NOT NULL,
  "source" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint REFERENCES "users"("user_no") ON DELETE RESTRICT,
  CONSTRAINT "aml_thresholds_positive" CHECK (usd_cents > 0 AND ksh_per_usd > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aml_thresholds_one_per_day" ON "aml_thresholds" (coalesce(agent_id, 0), from_date, created_at);
--> statement-breakpoint
-- The Business Daily's report of the FRC's template (Oct 2025): property deals above US$15,000 (about KSh 1.94 million).
INSERT INTO "aml_thresholds" ("agent_id", "from_date", "usd_cents", "ksh_per_usd", "source", "created_at")
VALUES (NULL, '2025-11-14', 1500000, 129.3333, 'FRC reporting template for real estate, US$15,000 (about KSh 1.94 million), businessdailyafrica.com 2025', '2025-11-14T00:00:00+03:00');
--> statement-breakpoint
-- The threshold in cents of a shilling an agency applies on a day.
CREATE FUNCTION aml_threshold_cents(p_agent bigint, p_day date) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT round(t.usd_cents * t.ksh_per_usd)::bigint
  FROM aml_thresholds t
  WHERE (t.agent_id = p_agent OR t.agent_id IS NULL) AND t.from_date <= p_day
  ORDER BY t.from_date DESC, (t.agent_id IS NULL), t.created_at DESC
  LIMIT 1
$$;
--> statement-breakpoint
-- A receipt or payout at or above the threshold, recorded when it was entered (and when the log is read).
CREATE TABLE "aml_log" (
  "item_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "source" text NOT NULL,
  "source_id" bigint NOT NULL,
  "money_date" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "threshold_cents" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "aml_log_source_known" CHECK (source IN ('receipt', 'payout'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aml_log_once" ON "aml_log" ("agent_id", "source", "source_id");
--> statement-breakpoint
CREATE INDEX "aml_log_agent_day" ON "aml_log" ("agent_id", "money_date");
--> statement-breakpoint
CREATE TABLE "aml_log_reviews" (
  "review_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "item_id" bigint NOT NULL REFERENCES "aml_log"("item_id") ON DELETE RESTRICT,
  "status" text NOT NULL,
  "note" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT,
  CONSTRAINT "aml_log_reviews_status_known" CHECK (status IN ('reviewed', 'reported'))
);
--> statement-breakpoint
CREATE INDEX "aml_log_reviews_item" ON "aml_log_reviews" ("item_id", "review_id");
--> statement-breakpoint
-- What a user suspected, of whom and why: the ground of a suspicious-transaction report.
CREATE TABLE "aml_suspicions" (
  "suspicion_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id") ON DELETE RESTRICT,
  "client_no" bigint REFERENCES "clients"("client_no") ON DELETE RESTRICT,
  "subject_name" text NOT NULL,
  "subject_details" text NOT NULL DEFAULT '',
  "transaction_details" text NOT NULL,
  "amount_cents" bigint,
  "occurred_on" date NOT NULL,
  "grounds" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no") ON DELETE RESTRICT,
  CONSTRAINT "aml_suspicions_amount" CHECK (amount_cents IS NULL OR amount_cents > 0)
);
--> statement-breakpoint
CREATE INDEX "aml_suspicions_agent" ON "aml_suspicions" ("agent_id", "suspicion_id");
--> statement-breakpoint
CREATE TRIGGER kyc_records_kept BEFORE UPDATE OR DELETE ON kyc_records FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER kyc_beneficial_owners_kept BEFORE UPDATE OR DELETE ON kyc_beneficial_owners FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER kyc_documents_kept BEFORE UPDATE OR DELETE ON kyc_documents FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_settings_kept BEFORE UPDATE OR DELETE ON aml_settings FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_thresholds_kept BEFORE UPDATE OR DELETE ON aml_thresholds FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_log_kept BEFORE UPDATE OR DELETE ON aml_log FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_log_reviews_kept BEFORE UPDATE OR DELETE ON aml_log_reviews FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_suspicions_kept BEFORE UPDATE OR DELETE ON aml_suspicions FOR EACH ROW EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER kyc_records_no_truncate BEFORE TRUNCATE ON kyc_records FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER kyc_beneficial_owners_no_truncate BEFORE TRUNCATE ON kyc_beneficial_owners FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER kyc_documents_no_truncate BEFORE TRUNCATE ON kyc_documents FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_settings_no_truncate BEFORE TRUNCATE ON aml_settings FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_thresholds_no_truncate BEFORE TRUNCATE ON aml_thresholds FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_log_no_truncate BEFORE TRUNCATE ON aml_log FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_log_reviews_no_truncate BEFORE TRUNCATE ON aml_log_reviews FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
CREATE TRIGGER aml_suspicions_no_truncate BEFORE TRUNCATE ON aml_suspicions FOR EACH STATEMENT EXECUTE FUNCTION kyc_aml_kept_seven_years();
--> statement-breakpoint
-- Receipts of any method at or above the threshold, logged as their lines are written
-- (whatever wrote them: the counter, M-Pesa, a statement import), once per receipt.
CREATE FUNCTION aml_log_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aml_log (agent_id, source, source_id, money_date, amount_cents, threshold_cents)
  SELECT r.agent_id, 'receipt', r.txn_id, r.day, r.amount, aml_threshold_cents(r.agent_id, r.day)
  FROM (
    SELECT t.agent_id, t.txn_id, (t.posted_at AT TIME ZONE 'Africa/Nairobi')::date AS day,
           (SELECT sum(l.debit_cents) FROM journal_lines l WHERE l.txn_id = t.txn_id AND l.account = 'ledger')::bigint AS amount
    FROM journal_transactions t
    WHERE t.kind = 'receipt' AND t.txn_id IN (SELECT DISTINCT n.txn_id FROM new_lines n WHERE n.account = 'ledger' AND n.debit_cents > 0)
  ) r
  WHERE r.amount >= aml_threshold_cents(r.agent_id, r.day)
  ON CONFLICT (agent_id, source, source_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_aml_log AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION aml_log_receipts();
--> statement-breakpoint
CREATE FUNCTION aml_log_payouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO aml_log (agent_id, source, source_id, money_date, amount_cents, threshold_cents)
  SELECT p.agent_id, 'payout', p.payout_id, p.payout_date, p.amount_cents, aml_threshold_cents(p.agent_id, p.payout_date)
  FROM new_payouts p
  WHERE p.amount_cents >= aml_threshold_cents(p.agent_id, p.payout_date)
  ON CONFLICT (agent_id, source, source_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER landlord_payouts_aml_log AFTER INSERT ON landlord_payouts
  REFERENCING NEW TABLE AS new_payouts FOR EACH STATEMENT EXECUTE FUNCTION aml_log_payouts();
