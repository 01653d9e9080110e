-- Client money (Estate Agents Act Cap 533; the Accounts and Accountant's
-- Certificate Rules 1989; docs/decisions/043-client-money.md): the agency's
-- client accounts (bank or paybill), and per day a reconciliation of their
-- statement balances with what the books say they must hold. A reconciliation
-- is kept as recorded: a new one for the same day replaces it, and both stay.
CREATE TABLE "client_accounts" (
  "account_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_accounts_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "number" text NOT NULL,
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "client_accounts_kind_known" CHECK (kind IN ('bank', 'paybill')),
  CONSTRAINT "client_accounts_name_given" CHECK (length(trim(name)) > 0),
  CONSTRAINT "client_accounts_number_given" CHECK (length(trim(number)) > 0)
);--> statement-breakpoint
CREATE INDEX "client_accounts_agent" ON "client_accounts" ("agent_id");--> statement-breakpoint
-- An account reconciled stays named in its reconciliations: it is switched off, never deleted.
CREATE TRIGGER client_accounts_kept BEFORE DELETE OR TRUNCATE ON client_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();--> statement-breakpoint
CREATE TABLE "client_money_reconciliations" (
  "recon_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_money_reconciliations_recon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "as_of" date NOT NULL,
  -- What the books said the client accounts must hold at the end of the day, as the trust screen reads it, kept as reconciled.
  "books_cents" bigint NOT NULL,
  "owed_to_landlords_cents" bigint NOT NULL,
  "deposits_held_cents" bigint NOT NULL,
  "tenant_credits_cents" bigint NOT NULL,
  "pass_through_cents" bigint NOT NULL,
  "tax_payable_cents" bigint NOT NULL,
  "commission_cents" bigint NOT NULL,
  "trust_difference_cents" bigint NOT NULL,
  "statement_cents" bigint NOT NULL,
  "items_cents" bigint NOT NULL,
  "unexplained_cents" bigint NOT NULL,
  "replaces_recon_id" bigint UNIQUE REFERENCES "client_money_reconciliations"("recon_id"),
  "request_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "client_money_reconciliations_adds_up" CHECK (unexplained_cents = books_cents - statement_cents - items_cents)
);--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_reconciliations_once_per_key" ON "client_money_reconciliations" ("agent_id", "request_key");--> statement-breakpoint
CREATE INDEX "client_money_reconciliations_agent_day" ON "client_money_reconciliations" ("agent_id", "as_of");--> statement-breakpoint
CREATE TABLE "client_money_balances" (
  "recon_id" bigint NOT NULL REFERENCES "client_money_reconciliations"("recon_id"),
  "account_id" bigint NOT NULL REFERENCES "client_accounts"("account_id"),
  "balance_cents" bigint NOT NULL,
  PRIMARY KEY ("recon_id", "account_id")
);--> statement-breakpoint
CREATE TABLE "client_money_items" (
  "recon_id" bigint NOT NULL REFERENCES "client_money_reconciliations"("recon_id"),
  "item_no" integer NOT NULL,
  "kind" text NOT NULL,
  "account_id" bigint REFERENCES "client_accounts"("account_id"),
  "amount_cents" bigint NOT NULL,
  "note" text NOT NULL,
  PRIMARY KEY ("recon_id", "item_no"),
  CONSTRAINT "client_money_items_kind_known" CHECK (kind IN ('uncleared_deposit', 'unpresented_payment', 'bank_charge')),
  CONSTRAINT "client_money_items_amount_positive" CHECK (amount_cents > 0),
  CONSTRAINT "client_money_items_note_given" CHECK (length(trim(note)) > 0)
);--> statement-breakpoint
CREATE TRIGGER client_money_reconciliations_kept BEFORE UPDATE OR DELETE OR TRUNCATE ON client_money_reconciliations
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();--> statement-breakpoint
CREATE TRIGGER client_money_balances_kept BEFORE UPDATE OR DELETE OR TRUNCATE ON client_money_balances
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();--> statement-breakpoint
CREATE TRIGGER client_money_items_kept BEFORE UPDATE OR DELETE OR TRUNCATE ON client_money_items
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();
