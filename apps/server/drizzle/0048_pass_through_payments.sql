-- Paying a pass-through charge onward (docs/decisions/031-pass-through-payments.md):
-- the money a tenant paid on a charge owed to a third party (the county water
-- company, a management company's service charge) leaves the trust account to
-- that party. Each payment is one landlord-journal entry (pass_through debit,
-- cash credit) on the property and the charge (sub_account) it clears; these
-- rows keep what the journal does not (payee, method, reference, note, the
-- form's key, the reversal's reason).
ALTER TABLE "landlord_txns" DROP CONSTRAINT "landlord_txns_kind_known";--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD CONSTRAINT "landlord_txns_kind_known" CHECK (kind IN ('collection', 'reversal', 'expense', 'payout', 'tax_payment', 'fee', 'pass_through_payment'));--> statement-breakpoint
CREATE TABLE "pass_through_payments" (
  "payment_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pass_through_payments_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "prop_id" bigint NOT NULL REFERENCES "properties"("prop_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "sub_account" text NOT NULL,
  "payee" text NOT NULL,
  "paid_on" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "method" text NOT NULL,
  "reference" text NOT NULL DEFAULT '',
  "note" text NOT NULL DEFAULT '',
  -- The form's key: a second submission finds the first payment.
  "request_key" text NOT NULL,
  "landlord_txn_id" bigint NOT NULL REFERENCES "landlord_txns"("txn_id"),
  "reversal_txn_id" bigint REFERENCES "landlord_txns"("txn_id"),
  "reversal_reason" text,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "pass_through_payments_amount_positive" CHECK (amount_cents > 0),
  CONSTRAINT "pass_through_payments_method_known" CHECK (method IN ('bank', 'mpesa', 'cash', 'cheque')),
  CONSTRAINT "pass_through_payments_sub_account_known" CHECK (sub_account = 'water' OR sub_account ~ '^charge:[0-9]+$'),
  CONSTRAINT "pass_through_payments_reversal_has_reason" CHECK ((reversal_txn_id IS NULL) = (reversal_reason IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "pass_through_payments_once_per_key" ON "pass_through_payments" ("agent_id", "request_key");--> statement-breakpoint
CREATE INDEX "pass_through_payments_agent_landlord" ON "pass_through_payments" ("agent_id", "landlord_no", "paid_on");--> statement-breakpoint
-- What is owed onward per property and charge is a sum over these lines.
CREATE INDEX "landlord_lines_pass_through_prop" ON "landlord_lines" ("agent_id", "prop_id", "sub_account") WHERE account = 'pass_through';
