CREATE TABLE "invoicing_settings" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"last_no" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_tenant_has_tenancy";--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "sub_account" text;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD COLUMN "receipt_no" bigint;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD COLUMN "reverses_txn_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ADD COLUMN "deposit_due_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ADD COLUMN "deposit_held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows posted before this migration take their new columns here, before the
-- constraints below check them. The journal refuses UPDATE; its guards are
-- lifted for these statements only, inside this migration's transaction.
ALTER TABLE "journal_lines" DISABLE TRIGGER journal_lines_append_only;--> statement-breakpoint
ALTER TABLE "journal_transactions" DISABLE TRIGGER journal_transactions_append_only;--> statement-breakpoint
ALTER TABLE "tenancy_balances" DISABLE TRIGGER tenancy_balances_only_from_journal;--> statement-breakpoint
-- A deposit charge's other side was called deposits_held; deposits_held now means money held.
UPDATE journal_lines SET account = 'deposits_billed' WHERE account = 'deposits_held';--> statement-breakpoint
UPDATE journal_lines l SET sub_account = CASE
  WHEN EXISTS (SELECT 1 FROM journal_transactions j WHERE j.txn_id = l.txn_id AND j.kind = 'deposit_charge')
    OR EXISTS (SELECT 1 FROM journal_lines o JOIN ledgers g ON g.ledger_id = o.ledger_id
               WHERE o.txn_id = l.txn_id AND o.account = 'ledger' AND g.ledger_name = 'Deposit')
  THEN 'deposit' ELSE 'rent' END
WHERE l.account = 'tenant';--> statement-breakpoint
UPDATE journal_transactions j SET receipt_no = n.no
FROM (SELECT txn_id, row_number() OVER (PARTITION BY agent_id ORDER BY txn_id) AS no FROM journal_transactions WHERE kind = 'receipt') n
WHERE n.txn_id = j.txn_id;--> statement-breakpoint
UPDATE tenancy_balances b SET deposit_due_cents = coalesce(
  (SELECT sum(debit_cents - credit_cents) FROM journal_lines l WHERE l.account = 'tenant' AND l.sub_account = 'deposit' AND l.tenancy_id = b.tenancy_id), 0);--> statement-breakpoint
ALTER TABLE "journal_lines" ENABLE TRIGGER journal_lines_append_only;--> statement-breakpoint
ALTER TABLE "journal_transactions" ENABLE TRIGGER journal_transactions_append_only;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ENABLE TRIGGER tenancy_balances_only_from_journal;--> statement-breakpoint
INSERT INTO receipt_counters (agent_id, last_no)
SELECT agent_id, max(receipt_no) FROM journal_transactions WHERE receipt_no IS NOT NULL GROUP BY agent_id;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_updated_by_users_user_no_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenancy_id_tenancies_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_ledger_id_ledgers_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("ledger_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_reverses_txn_id_journal_transactions_txn_id_fk" FOREIGN KEY ("reverses_txn_id") REFERENCES "public"."journal_transactions"("txn_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_receipt_number_per_agent" ON "journal_transactions" USING btree ("agent_id","receipt_no") WHERE receipt_no IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_reversed_once" ON "journal_transactions" USING btree ("reverses_txn_id") WHERE reverses_txn_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_known" CHECK (account IN ('tenant', 'ledger', 'rent_income', 'deposits_billed', 'deposits_held'));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_has_sub_account" CHECK ((account = 'tenant') = (sub_account IS NOT NULL) AND (sub_account IS NULL OR sub_account IN ('rent', 'deposit')));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_has_tenancy" CHECK ((account IN ('tenant', 'deposits_held')) = (tenancy_id IS NOT NULL));--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund'));--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_receipt_has_number" CHECK ((kind = 'receipt') = (receipt_no IS NOT NULL));--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_reversal_names_original" CHECK ((kind = 'reversal') = (reverses_txn_id IS NOT NULL));