-- Property expenses and landlord payouts (DESIGN.md §4b): each posts to the
-- landlord journal; these rows keep what the journal does not (payee,
-- category, the scanned receipt, the approval, the remittance run's key).
CREATE TABLE "property_expenses" (
  "expense_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_expenses_expense_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "prop_id" bigint NOT NULL REFERENCES "properties"("prop_id"),
  "house_id" bigint REFERENCES "houses"("house_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "expense_date" date NOT NULL,
  "category" text NOT NULL,
  "payee" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "reference" text NOT NULL DEFAULT '',
  "note" text NOT NULL DEFAULT '',
  -- The scanned receipt lives with the data, so a backup carries it.
  "receipt_file" bytea,
  "receipt_type" text,
  "receipt_name" text,
  "status" text NOT NULL,
  "landlord_txn_id" bigint REFERENCES "landlord_txns"("txn_id"),
  "reversal_txn_id" bigint REFERENCES "landlord_txns"("txn_id"),
  "reversal_reason" text,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  "decided_at" timestamp with time zone,
  "decided_by" bigint REFERENCES "users"("user_no"),
  CONSTRAINT "property_expenses_category_known" CHECK (category IN ('repairs', 'cleaning', 'security', 'utilities', 'legal', 'other')),
  CONSTRAINT "property_expenses_status_known" CHECK (status IN ('awaiting_approval', 'posted', 'rejected', 'reversed')),
  CONSTRAINT "property_expenses_amount_positive" CHECK (amount_cents > 0),
  CONSTRAINT "property_expenses_receipt_at_most_5mb" CHECK (receipt_file IS NULL OR octet_length(receipt_file) <= 5242880),
  CONSTRAINT "property_expenses_posted_has_entry" CHECK ((status IN ('posted', 'reversed')) = (landlord_txn_id IS NOT NULL)),
  CONSTRAINT "property_expenses_reversed_has_entry" CHECK ((status = 'reversed') = (reversal_txn_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "property_expenses_agent_landlord" ON "property_expenses" ("agent_id", "landlord_no", "expense_date");
--> statement-breakpoint
CREATE INDEX "property_expenses_prop" ON "property_expenses" ("prop_id");
--> statement-breakpoint
CREATE TABLE "landlord_payouts" (
  "payout_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landlord_payouts_payout_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "amount_cents" bigint NOT NULL,
  "payout_date" date NOT NULL,
  "method" text NOT NULL,
  "reference" text NOT NULL DEFAULT '',
  -- The form's (or the remittance run's) key: a second submission finds the first payout.
  "request_key" text NOT NULL,
  "landlord_txn_id" bigint NOT NULL REFERENCES "landlord_txns"("txn_id"),
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "landlord_payouts_amount_positive" CHECK (amount_cents > 0),
  CONSTRAINT "landlord_payouts_method_known" CHECK (method IN ('bank', 'mpesa', 'cash', 'cheque'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landlord_payouts_once_per_key" ON "landlord_payouts" ("agent_id", "request_key", "landlord_no");
--> statement-breakpoint
CREATE INDEX "landlord_payouts_agent_landlord" ON "landlord_payouts" ("agent_id", "landlord_no", "payout_date");
--> statement-breakpoint
CREATE TABLE "kra_payments" (
  "payment_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kra_payments_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "tax_month" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "paid_on" date NOT NULL,
  "reference" text NOT NULL,
  "landlord_txn_id" bigint NOT NULL REFERENCES "landlord_txns"("txn_id"),
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "kra_payments_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kra_payments_once_per_month" ON "kra_payments" ("agent_id", "landlord_no", "tax_month");
