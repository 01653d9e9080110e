CREATE TABLE "agency_user_contracts" (
	"offer_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_user_contracts_offer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 3001 CACHE 1),
	"agent_id" bigint NOT NULL,
	"user_no" bigint NOT NULL,
	"status" text NOT NULL,
	"role" smallint NOT NULL,
	"allocated_username" text,
	"login_status" smallint DEFAULT 1 NOT NULL,
	"decline_reason" text,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"agent_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agents_agent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2001 CACHE 1),
	"agent_name" text NOT NULL,
	"owner_client_no" bigint NOT NULL,
	"owner_user_no" bigint NOT NULL,
	"self" smallint NOT NULL,
	"kra_pin" text NOT NULL,
	"address" text NOT NULL,
	"has_own_property" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_self_is_0_or_1" CHECK ("agents"."self" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "ledgers" (
	"ledger_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledgers_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL,
	"ledger_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "agency_user_contracts_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "agency_user_contracts_user_no_users_user_no_fk" FOREIGN KEY ("user_no") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_client_no_clients_client_no_fk" FOREIGN KEY ("owner_client_no") REFERENCES "public"."clients"("client_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_user_no_users_user_no_fk" FOREIGN KEY ("owner_user_no") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_accepted_per_user" ON "agency_user_contracts" USING btree ("user_no") WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "agency_user_contracts_agent_id_status_index" ON "agency_user_contracts" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "agency_user_contracts_user_no_status_index" ON "agency_user_contracts" USING btree ("user_no","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_owner_user_no_index" ON "agents" USING btree ("owner_user_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ledgers_agent_id_ledger_name_index" ON "ledgers" USING btree ("agent_id","ledger_name");