CREATE TABLE "vacancy_listings" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"enquiry_phone" text NOT NULL,
	"enquiry_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vacancy_listings" ADD CONSTRAINT "vacancy_listings_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "houses_vacant_ready_index" ON "houses" USING btree ("agent_id","rent_cents") WHERE occupied = 'No' AND readiness = 0;