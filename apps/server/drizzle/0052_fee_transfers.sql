-- The agency's earned commission and fees moved from the client (trust) account
-- to its office account (docs/decisions/035-fee-transfers.md). A transfer is one
-- landlord-journal entry per landlord whose commission it takes (commission
-- debit, cash credit), since each journal transaction is of one landlord; these
-- rows keep the transfer as the agency made it (date, amount, reference, note,
-- the form's key, the reversal's reason) and each landlord's part of it.
ALTER TABLE "landlord_txns" DROP CONSTRAINT "landlord_txns_kind_known";--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD CONSTRAINT "landlord_txns_kind_known" CHECK (kind IN ('collection', 'reversal', 'expense', 'payout', 'tax_payment', 'fee', 'pass_through_payment', 'fee_transfer'));--> statement-breakpoint
CREATE TABLE "fee_transfers" (
  "transfer_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_transfers_transfer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "transferred_on" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "reference" text NOT NULL,
  "note" text NOT NULL DEFAULT '',
  -- The form's key: a second submission finds the first transfer.
  "request_key" text NOT NULL,
  "reversed_at" timestamp with time zone,
  "reversal_reason" text,
  "created_at" timestamp with time zone NOT NULL,
  "created_by" bigint NOT NULL REFERENCES "users"("user_no"),
  CONSTRAINT "fee_transfers_amount_positive" CHECK (amount_cents > 0),
  CONSTRAINT "fee_transfers_reversal_has_reason" CHECK ((reversed_at IS NULL) = (reversal_reason IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "fee_transfers_once_per_key" ON "fee_transfers" ("agent_id", "request_key");--> statement-breakpoint
CREATE INDEX "fee_transfers_agent_day" ON "fee_transfers" ("agent_id", "transferred_on");--> statement-breakpoint
CREATE TABLE "fee_transfer_parts" (
  "transfer_id" bigint NOT NULL REFERENCES "fee_transfers"("transfer_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "amount_cents" bigint NOT NULL,
  "landlord_txn_id" bigint NOT NULL UNIQUE REFERENCES "landlord_txns"("txn_id"),
  "reversal_txn_id" bigint UNIQUE REFERENCES "landlord_txns"("txn_id"),
  PRIMARY KEY ("transfer_id", "landlord_no"),
  CONSTRAINT "fee_transfer_parts_amount_positive" CHECK (amount_cents > 0)
);
