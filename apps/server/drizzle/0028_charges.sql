-- Charges beyond rent and deposit (docs/decisions/013-charges-and-allocation.md):
-- recurring charges per property with a per-house override, late-payment
-- penalty rules, penalty runs, and the allocation of each receipt to the
-- charges it pays. Each kind owes on its own tenant sub-account.
CREATE TABLE "recurring_charges" (
	"charge_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_charges_charge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"prop_id" bigint NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pass_through" boolean DEFAULT false NOT NULL,
	"from_month" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL,
	CONSTRAINT "recurring_charges_amount_positive" CHECK (amount_cents > 0 AND amount_cents <= 10000000000)
);
--> statement-breakpoint
CREATE TABLE "recurring_charge_houses" (
	"charge_id" bigint NOT NULL,
	"house_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "recurring_charge_houses_pk" PRIMARY KEY ("charge_id", "house_id"),
	CONSTRAINT "recurring_charge_houses_amount" CHECK (amount_cents >= 0 AND amount_cents <= 10000000000)
);
--> statement-breakpoint
CREATE TABLE "penalty_rules" (
	"prop_id" bigint PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"after_day" smallint NOT NULL,
	"percent_bp" integer,
	"fixed_cents" bigint,
	"from_month" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL,
	CONSTRAINT "penalty_rules_day" CHECK (after_day BETWEEN 1 AND 28),
	CONSTRAINT "penalty_rules_one_basis" CHECK ((percent_bp IS NULL) <> (fixed_cents IS NULL)),
	CONSTRAINT "penalty_rules_amounts" CHECK ((percent_bp IS NULL OR percent_bp BETWEEN 1 AND 10000) AND (fixed_cents IS NULL OR fixed_cents BETWEEN 1 AND 10000000000))
);
--> statement-breakpoint
CREATE TABLE "penalty_runs" (
	"run_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "penalty_runs_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"run_date" date NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"run_by" bigint NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"charged_count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_allocations" (
	"receipt_txn_id" bigint NOT NULL,
	"charge_txn_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"tenancy_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "receipt_allocations_pk" PRIMARY KEY ("receipt_txn_id", "charge_txn_id"),
	CONSTRAINT "receipt_allocations_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_prop_id_properties_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id");--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_created_by_users_user_no_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_no");--> statement-breakpoint
ALTER TABLE "recurring_charge_houses" ADD CONSTRAINT "recurring_charge_houses_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."recurring_charges"("charge_id");--> statement-breakpoint
ALTER TABLE "recurring_charge_houses" ADD CONSTRAINT "recurring_charge_houses_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("house_id");--> statement-breakpoint
ALTER TABLE "penalty_rules" ADD CONSTRAINT "penalty_rules_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id");--> statement-breakpoint
ALTER TABLE "penalty_rules" ADD CONSTRAINT "penalty_rules_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "penalty_runs" ADD CONSTRAINT "penalty_runs_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
CREATE INDEX "recurring_charges_prop_id_index" ON "recurring_charges" USING btree ("prop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_charges_name_per_property" ON "recurring_charges" USING btree ("prop_id", lower("name")) WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "penalty_runs_one_per_day" ON "penalty_runs" USING btree ("agent_id", "run_date");--> statement-breakpoint
CREATE INDEX "receipt_allocations_charge_index" ON "receipt_allocations" USING btree ("charge_txn_id");--> statement-breakpoint
-- Allocations are kept as the receipts they belong to: never changed, never removed.
CREATE TRIGGER receipt_allocations_append_only BEFORE UPDATE OR DELETE ON receipt_allocations
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
CREATE TRIGGER receipt_allocations_no_truncate BEFORE TRUNCATE ON receipt_allocations
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD COLUMN "charge_id" bigint;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD COLUMN "penalty_run_id" bigint;--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_kind_known";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund', 'deposit_adjustment', 'credit_refund', 'recurring_charge', 'penalty'));--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_rent_charge_has_month";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_rent_charge_has_month" CHECK ((kind IN ('rent_charge', 'recurring_charge', 'penalty')) = (charge_month IS NOT NULL));--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_recurring_charge_names_charge" CHECK ((kind = 'recurring_charge') = (charge_id IS NOT NULL));--> statement-breakpoint
-- Exactly once: a recurring charge per (tenancy, charge, month), a penalty per (tenancy, month).
CREATE UNIQUE INDEX "journal_one_recurring_charge_per_month" ON "journal_transactions" USING btree ("tenancy_id", "charge_id", "charge_month") WHERE kind = 'recurring_charge';--> statement-breakpoint
CREATE UNIQUE INDEX "journal_one_penalty_per_month" ON "journal_transactions" USING btree ("tenancy_id", "charge_month") WHERE kind = 'penalty';--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_known";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_known" CHECK (account IN ('tenant', 'ledger', 'rent_income', 'deposits_billed', 'deposits_held', 'charge_income', 'pass_through'));--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_tenant_has_sub_account";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_has_sub_account" CHECK ((account = 'tenant') = (sub_account IS NOT NULL) AND (sub_account IS NULL OR sub_account IN ('rent', 'deposit', 'penalty') OR sub_account ~ '^charge:[0-9]+$'));--> statement-breakpoint
ALTER TABLE "tenancy_balances" ADD COLUMN "charges_due_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- tenancy_balances follows a fourth column: what the tenant owes on the
-- sub-accounts that are neither rent nor deposit (recurring charges,
-- penalties), so rent arrears — MonthLapse's — stay rent only.
CREATE OR REPLACE FUNCTION journal_apply_tenant_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenancy_balances (tenancy_id, balance_cents, deposit_due_cents, deposit_held_cents, charges_due_cents)
  SELECT tenancy_id,
         sum(CASE WHEN account = 'tenant' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'tenant' AND sub_account = 'deposit' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'deposits_held' THEN credit_cents - debit_cents ELSE 0 END),
         sum(CASE WHEN account = 'tenant' AND sub_account NOT IN ('rent', 'deposit') THEN debit_cents - credit_cents ELSE 0 END)
  FROM new_lines WHERE tenancy_id IS NOT NULL
  GROUP BY tenancy_id
  ON CONFLICT (tenancy_id) DO UPDATE SET
    balance_cents = tenancy_balances.balance_cents + excluded.balance_cents,
    deposit_due_cents = tenancy_balances.deposit_due_cents + excluded.deposit_due_cents,
    deposit_held_cents = tenancy_balances.deposit_held_cents + excluded.deposit_held_cents,
    charges_due_cents = tenancy_balances.charges_due_cents + excluded.charges_due_cents;
  RETURN NULL;
END;
$$;
