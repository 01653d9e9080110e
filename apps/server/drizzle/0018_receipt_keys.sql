-- Client idempotency keys get their own namespace (docs/decisions/009-receipt-writer.md):
-- a cash receipt posted before this under a key like 'mpesa:<TransID>' must not be taken
-- for that payment's M-Pesa receipt. Keys of real M-Pesa postings stay as they are.
ALTER TABLE "journal_transactions" DISABLE TRIGGER journal_transactions_append_only;--> statement-breakpoint
UPDATE "journal_transactions" j SET "idempotency_key" = 'client:' || j."idempotency_key"
WHERE j."kind" = 'receipt' AND j."idempotency_key" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "mpesa_payments" p
    WHERE p."agent_id" = j."agent_id" AND 'mpesa:' || p."trans_id" = j."idempotency_key" AND j."details" = 'M-Pesa ' || p."trans_id"
  );--> statement-breakpoint
ALTER TABLE "journal_transactions" ENABLE TRIGGER journal_transactions_append_only;--> statement-breakpoint
-- The reconciliation finds every posting of a payment, re-postings after a reversal included ('mpesa:<TransID>#2').
CREATE INDEX "journal_receipt_key_base" ON "journal_transactions" ("agent_id", split_part("idempotency_key", '#', 1)) WHERE "idempotency_key" IS NOT NULL;
