CREATE TABLE "houses" (
	"house_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "houses_house_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"prop_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"house_number" text NOT NULL,
	"description" text NOT NULL,
	"rent_cents" bigint NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"occupied" text DEFAULT 'No' NOT NULL,
	"readiness" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "houses_amounts_not_negative" CHECK ("houses"."rent_cents" >= 0 AND "houses"."deposit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"prop_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_prop_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 101 CACHE 1),
	"agent_id" bigint NOT NULL,
	"landlord_no" bigint NOT NULL,
	"property_name" text NOT NULL,
	"rental_units" integer NOT NULL,
	"county" text NOT NULL,
	"town" text NOT NULL,
	"area_estate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "capturing_agent_id" bigint;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_prop_id_properties_prop_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."properties"("prop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_landlord_no_clients_client_no_fk" FOREIGN KEY ("landlord_no") REFERENCES "public"."clients"("client_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "houses_prop_id_house_number_index" ON "houses" USING btree ("prop_id","house_number");--> statement-breakpoint
CREATE INDEX "houses_agent_id_index" ON "houses" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "properties_agent_id_index" ON "properties" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "properties_landlord_no_index" ON "properties" USING btree ("landlord_no");--> statement-breakpoint
CREATE INDEX "clients_capturing_agent_id_index" ON "clients" USING btree ("capturing_agent_id");--> statement-breakpoint
CREATE INDEX "clients_full_name_lower_index" ON "clients" USING btree (lower("full_name"));