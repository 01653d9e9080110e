-- The receipt an STK request's money was posted as when STK Push Query, which carries no M-Pesa code, said it was paid.
ALTER TABLE "stk_requests" ADD COLUMN "receipt_txn_id" bigint REFERENCES "journal_transactions"("txn_id");
--> statement-breakpoint
-- An M-Pesa payment whose money is already in a receipt posted on the query's word, instead of a receipt of its own.
ALTER TABLE "mpesa_payments" ADD COLUMN "covered_by_txn_id" bigint REFERENCES "journal_transactions"("txn_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_one_per_query_receipt" ON "mpesa_payments" ("covered_by_txn_id") WHERE "covered_by_txn_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "stk_requests_query_receipts" ON "stk_requests" ("agent_id", "tenancy_id", "amount_cents") WHERE "receipt_txn_id" IS NOT NULL;
--> statement-breakpoint
-- A repair's cost recorded as the property's expense from its request, once.
ALTER TABLE "maintenance_requests" ADD COLUMN "expense_id" bigint REFERENCES "property_expenses"("expense_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_requests_one_expense" ON "maintenance_requests" ("expense_id") WHERE "expense_id" IS NOT NULL;
