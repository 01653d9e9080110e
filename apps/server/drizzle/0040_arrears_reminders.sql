-- Arrears reminders by SMS (docs/decisions/020-metered-water.md, "Reminders"):
-- an agency's reminder days, template and minimum balance; one reminder per
-- tenancy and Nairobi day (a unique index, whichever process queues it); the
-- outbox each reminder waits in until Africa's Talking takes it; delivery
-- reports kept raw before they update a reminder; a tenancy's opt-out.
CREATE TABLE "reminder_settings" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"days" smallint[] NOT NULL,
	"template" text,
	"min_balance_cents" bigint DEFAULT 0 NOT NULL,
	"sms_price_cents" bigint DEFAULT 80 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL,
	CONSTRAINT "reminder_settings_amounts" CHECK (min_balance_cents >= 0 AND sms_price_cents >= 0 AND sms_price_cents <= 100000)
);
--> statement-breakpoint
CREATE TABLE "sms_reminders" (
	"reminder_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_reminders_reminder_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"tenancy_id" bigint NOT NULL,
	"day" date NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"cost" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	CONSTRAINT "sms_reminders_status_known" CHECK (status IN ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_delivery_reports" (
	"report_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_delivery_reports_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	"matched" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "sms_reminders" ADD CONSTRAINT "sms_reminders_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "sms_reminders" ADD CONSTRAINT "sms_reminders_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_reminders_one_per_tenancy_and_day" ON "sms_reminders" USING btree ("tenancy_id", "day");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_reminders_provider_id" ON "sms_reminders" USING btree ("provider_id") WHERE provider_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_reminders_due" ON "sms_reminders" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "sms_reminders_agent_day" ON "sms_reminders" USING btree ("agent_id", "day");--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;
