CREATE TABLE "invoice_runs" (
	"run_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_runs_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"month" date NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"run_by" bigint NOT NULL,
	"charged_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"line_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_lines_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"txn_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"account" text NOT NULL,
	"tenancy_id" bigint,
	"ledger_id" bigint,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_lines_one_sided_positive" CHECK ("journal_lines"."debit_cents" >= 0 AND "journal_lines"."credit_cents" >= 0 AND ("journal_lines"."debit_cents" = 0) <> ("journal_lines"."credit_cents" = 0)),
	CONSTRAINT "journal_lines_tenant_has_tenancy" CHECK ((account = 'tenant') = (tenancy_id IS NOT NULL)),
	CONSTRAINT "journal_lines_ledger_has_ledger" CHECK ((account = 'ledger') = (ledger_id IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "journal_transactions" (
	"txn_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_transactions_txn_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"agent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"tenancy_id" bigint NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"details" text NOT NULL,
	"charge_month" date,
	"idempotency_key" text,
	"posted_by" bigint NOT NULL,
	"invoice_run_id" bigint,
	CONSTRAINT "journal_rent_charge_has_month" CHECK ((kind = 'rent_charge') = (charge_month IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
	"tenancy_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenancies_tenancy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1),
	"agent_id" bigint NOT NULL,
	"house_id" bigint NOT NULL,
	"client_no" bigint NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"first_month" date NOT NULL,
	"rent_cents" bigint NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"id_number" text NOT NULL,
	"employer" text NOT NULL,
	"business" text NOT NULL,
	"next_of_kin_name" text NOT NULL,
	"next_of_kin_phone" text NOT NULL,
	"booked_by" bigint NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" bigint,
	CONSTRAINT "tenancies_amounts_positive" CHECK ("tenancies"."rent_cents" > 0 AND "tenancies"."deposit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_run_by_users_user_no_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_txn_id_journal_transactions_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."journal_transactions"("txn_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_tenancy_id_tenancies_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_posted_by_users_user_no_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_house_id_houses_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("house_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_client_no_clients_client_no_fk" FOREIGN KEY ("client_no") REFERENCES "public"."clients"("client_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_booked_by_users_user_no_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_ended_by_users_user_no_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_runs_agent_id_month_index" ON "invoice_runs" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "journal_lines_tenant_account" ON "journal_lines" USING btree ("tenancy_id") WHERE account = 'tenant';--> statement-breakpoint
CREATE INDEX "journal_lines_txn_id_index" ON "journal_lines" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "journal_lines_ledger_id_index" ON "journal_lines" USING btree ("ledger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_one_rent_charge_per_month" ON "journal_transactions" USING btree ("tenancy_id","charge_month") WHERE kind = 'rent_charge';--> statement-breakpoint
CREATE UNIQUE INDEX "journal_receipt_idempotency" ON "journal_transactions" USING btree ("agent_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_transactions_tenancy_id_posted_at_index" ON "journal_transactions" USING btree ("tenancy_id","posted_at");--> statement-breakpoint
CREATE INDEX "journal_transactions_agent_id_kind_posted_at_index" ON "journal_transactions" USING btree ("agent_id","kind","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_one_active_per_house" ON "tenancies" USING btree ("house_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "tenancies_active_by_agent" ON "tenancies" USING btree ("agent_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "tenancies_client_no_index" ON "tenancies" USING btree ("client_no");