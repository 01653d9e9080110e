ALTER TABLE "agents" ADD CONSTRAINT "agents_agent_id_self_unique" UNIQUE("agent_id","self");--> statement-breakpoint
ALTER TABLE "agency_user_contracts" DROP CONSTRAINT "agency_user_contracts_agent_id_agents_agent_id_fk";
--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD COLUMN "agent_self" smallint;--> statement-breakpoint
UPDATE "agency_user_contracts" c SET "agent_self" = a."self", "role" = CASE a."self" WHEN 0 THEN 5101 ELSE 5201 END FROM "agents" a WHERE a."agent_id" = c."agent_id";--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ALTER COLUMN "agent_self" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD COLUMN "ended_by_user_no" bigint;--> statement-breakpoint
UPDATE "agency_user_contracts" SET "ended_at" = coalesce("ended_at", now()), "ended_by" = coalesce("ended_by", 'admin') WHERE "status" = 'terminated';--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "agency_user_contracts_ended_by_user_no_users_user_no_fk" FOREIGN KEY ("ended_by_user_no") REFERENCES "public"."users"("user_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_agent_and_self_fk" FOREIGN KEY ("agent_id","agent_self") REFERENCES "public"."agents"("agent_id","self") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_pending_per_agent_user" ON "agency_user_contracts" USING btree ("agent_id","user_no") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_role_follows_account_self" CHECK (("agency_user_contracts"."agent_self" = 0 AND "agency_user_contracts"."role" = 5101) OR ("agency_user_contracts"."agent_self" = 1 AND "agency_user_contracts"."role" = 5201));--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_login_status_is_0_or_1" CHECK ("agency_user_contracts"."login_status" IN (0, 1));--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_decline_reason_length" CHECK (char_length("agency_user_contracts"."decline_reason") <= 150);--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_ended_by_when_terminated" CHECK (("agency_user_contracts"."status" = 'terminated') = ("agency_user_contracts"."ended_by" IS NOT NULL AND "agency_user_contracts"."ended_at" IS NOT NULL));
