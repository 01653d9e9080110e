-- Metered water (docs/decisions/020-metered-water.md): a tariff per property,
-- one meter reading per house and month, and a month confirmed once per
-- property. Confirming posts one `water_charge` per tenancy and month on the
-- tenant's `water` sub-account.
CREATE TABLE "water_tariffs" (
	"prop_id" bigint PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"unit_cents" bigint NOT NULL,
	"standing_cents" bigint DEFAULT 0 NOT NULL,
	"minimum_cents" bigint DEFAULT 0 NOT NULL,
	"pass_through" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL,
	CONSTRAINT "water_tariffs_amounts" CHECK (unit_cents > 0 AND unit_cents <= 10000000000 AND standing_cents BETWEEN 0 AND 10000000000 AND minimum_cents BETWEEN 0 AND 10000000000)
);
--> statement-breakpoint
CREATE TABLE "water_readings" (
	"house_id" bigint NOT NULL,
	"month" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"prop_id" bigint NOT NULL,
	"reading" bigint NOT NULL,
	-- The meter this reading is on started at start_reading (a replaced meter, or a house's first reading).
	"start_reading" bigint,
	"previous_reading" bigint,
	"units" bigint NOT NULL,
	"replaced" boolean DEFAULT false NOT NULL,
	"confirmed_high" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" bigint NOT NULL,
	CONSTRAINT "water_readings_pk" PRIMARY KEY ("house_id", "month"),
	CONSTRAINT "water_readings_units" CHECK (reading >= 0 AND units >= 0 AND (start_reading IS NULL OR start_reading <= reading))
);
--> statement-breakpoint
CREATE TABLE "water_months" (
	"prop_id" bigint NOT NULL,
	"month" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by" bigint NOT NULL,
	"charged_count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "water_months_pk" PRIMARY KEY ("prop_id", "month")
);
--> statement-breakpoint
ALTER TABLE "water_tariffs" ADD CONSTRAINT "water_tariffs_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id");--> statement-breakpoint
ALTER TABLE "water_tariffs" ADD CONSTRAINT "water_tariffs_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("house_id");--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id");--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
ALTER TABLE "water_months" ADD CONSTRAINT "water_months_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id");--> statement-breakpoint
ALTER TABLE "water_months" ADD CONSTRAINT "water_months_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id");--> statement-breakpoint
CREATE INDEX "water_readings_prop_month_index" ON "water_readings" USING btree ("prop_id", "month");--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_kind_known";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund', 'deposit_adjustment', 'credit_refund', 'recurring_charge', 'penalty', 'water_charge'));--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_rent_charge_has_month";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_rent_charge_has_month" CHECK ((kind IN ('rent_charge', 'recurring_charge', 'penalty', 'water_charge')) = (charge_month IS NOT NULL));--> statement-breakpoint
-- Exactly once: water per (tenancy, month), whoever confirms and however often.
CREATE UNIQUE INDEX "journal_one_water_charge_per_month" ON "journal_transactions" USING btree ("tenancy_id", "charge_month") WHERE kind = 'water_charge';--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_tenant_has_sub_account";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_has_sub_account" CHECK ((account = 'tenant') = (sub_account IS NOT NULL) AND (sub_account IS NULL OR sub_account IN ('rent', 'deposit', 'penalty', 'water') OR sub_account ~ '^charge:[0-9]+$'));
