CREATE TABLE "mpesa_paybills" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"shortcode" text NOT NULL,
	"callback_token" text NOT NULL,
	"strict_validation" boolean DEFAULT false NOT NULL,
	"allowed_ips" text DEFAULT '' NOT NULL,
	"ledger_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL,
	CONSTRAINT "mpesa_paybills_callbackToken_unique" UNIQUE("callback_token")
);
--> statement-breakpoint
CREATE TABLE "mpesa_payments" (
	"payment_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_payments_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"trans_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"trans_time" timestamp with time zone NOT NULL,
	"account_reference" text NOT NULL,
	"msisdn" text NOT NULL,
	"payer_name" text NOT NULL,
	"tenancy_id" bigint,
	"received_at" timestamp with time zone NOT NULL,
	"handled_by" bigint,
	"note" text,
	CONSTRAINT "mpesa_payments_amount" CHECK ("mpesa_payments"."amount_cents" > 0 AND "mpesa_payments"."amount_cents" <= 10000000000),
	CONSTRAINT "mpesa_payments_status" CHECK (status IN ('matched', 'unmatched', 'not_rent')),
	CONSTRAINT "mpesa_payments_matched_has_tenancy" CHECK ((status = 'matched') = (tenancy_id IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "mpesa_rejections" (
	"rejection_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_rejections_rejection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"trans_id" text,
	"reason" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_notices" (
	"notice_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_notices_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"txn_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"receipt_no" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"agency_name" text NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "mpesa_paybills" ADD CONSTRAINT "mpesa_paybills_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_paybills" ADD CONSTRAINT "mpesa_paybills_ledger_id_ledgers_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("ledger_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_paybills" ADD CONSTRAINT "mpesa_paybills_updated_by_users_user_no_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_tenancy_id_tenancies_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_handled_by_users_user_no_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_rejections" ADD CONSTRAINT "mpesa_rejections_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_once_per_trans_id" ON "mpesa_payments" USING btree ("agent_id","trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_unmatched" ON "mpesa_payments" USING btree ("agent_id","trans_time") WHERE status = 'unmatched';--> statement-breakpoint
CREATE INDEX "mpesa_payments_agent_id_trans_time_index" ON "mpesa_payments" USING btree ("agent_id","trans_time");--> statement-breakpoint
CREATE INDEX "mpesa_rejections_agent_id_received_at_index" ON "mpesa_rejections" USING btree ("agent_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_notices_txn_id_channel_index" ON "receipt_notices" USING btree ("txn_id","channel");--> statement-breakpoint
CREATE INDEX "receipt_notices_due" ON "receipt_notices" USING btree ("next_attempt_at") WHERE sent_at IS NULL;--> statement-breakpoint
-- An account number is matched against house numbers case- and space-insensitively, per agency.
CREATE INDEX "houses_agent_account_key" ON "houses" USING btree ("agent_id", upper(regexp_replace("house_number", '\s', '', 'g')));
