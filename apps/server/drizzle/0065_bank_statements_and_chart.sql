-- A bank account the agency receives rent into, with its own ledger and the columns its statement export is read by (decision 053).
CREATE TABLE "bank_accounts" (
  "bank_account_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "name" text NOT NULL,
  "preset" text NOT NULL,
  "columns" jsonb NOT NULL,
  "ledger_id" bigint NOT NULL REFERENCES "ledgers"("ledger_id"),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "bank_accounts_preset_known" CHECK (preset IN ('equity', 'kcb', 'coop', 'ncba', 'other'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_name_per_agent" ON "bank_accounts" ("agent_id", "name");
--> statement-breakpoint
-- Each bank transaction once per agency and bank account, however many times its statement is imported:
-- matched ones carry their receipt (key bank:<account>:<reference>), the rest wait in the unmatched queue beside M-Pesa's.
CREATE TABLE "bank_deposits" (
  "deposit_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "bank_account_id" bigint NOT NULL REFERENCES "bank_accounts"("bank_account_id"),
  "reference" text NOT NULL,
  "paid_on" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "account_reference" text NOT NULL,
  "narrative" text NOT NULL,
  "status" text NOT NULL,
  "tenancy_id" bigint REFERENCES "tenancies"("tenancy_id"),
  "imported_at" timestamptz NOT NULL,
  "imported_by" bigint NOT NULL REFERENCES "users"("user_no"),
  "handled_by" bigint REFERENCES "users"("user_no"),
  "note" text,
  CONSTRAINT "bank_deposits_amount" CHECK (amount_cents > 0 AND amount_cents <= 10000000000),
  CONSTRAINT "bank_deposits_status" CHECK (status IN ('matched', 'unmatched', 'not_rent')),
  CONSTRAINT "bank_deposits_matched_has_tenancy" CHECK ((status = 'matched') = (tenancy_id IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposits_once_per_reference" ON "bank_deposits" ("agent_id", "bank_account_id", "reference");
--> statement-breakpoint
CREATE INDEX "bank_deposits_unmatched" ON "bank_deposits" ("agent_id", "paid_on") WHERE status = 'unmatched';
--> statement-breakpoint
-- The agency's chart of accounts for the accountant's export: a journal account's code and name in the agency's books.
CREATE TABLE "ledger_chart" (
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "account_key" text NOT NULL,
  "code" text NOT NULL,
  "name" text NOT NULL,
  "tax_rate" text NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("agent_id", "account_key")
);
