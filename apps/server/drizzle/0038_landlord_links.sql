-- The landlord's own view (DESIGN.md §4b): an agency invites its landlord
-- client by email; the landlord's user accepts, and only then is the client
-- record linked to that user. The one way a record is seen across an agency's
-- wall, so a link is live only while accepted and not revoked.
CREATE TABLE "landlord_links" (
  "link_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landlord_links_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "email" text NOT NULL,
  -- Only the hash: the invitation's token is its whole secret.
  "token_hash" text NOT NULL,
  "invited_at" timestamp with time zone NOT NULL,
  "invited_by" bigint NOT NULL REFERENCES "users"("user_no"),
  "user_no" bigint REFERENCES "users"("user_no"),
  "accepted_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "revoked_by" bigint REFERENCES "users"("user_no"),
  CONSTRAINT "landlord_links_accepted_by_a_user" CHECK ((user_no IS NULL) = (accepted_at IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landlord_links_token" ON "landlord_links" ("token_hash");
--> statement-breakpoint
-- One live invitation or link per landlord client: a new invitation replaces the old.
CREATE UNIQUE INDEX "landlord_links_one_live" ON "landlord_links" ("agent_id", "landlord_no") WHERE revoked_at IS NULL;
--> statement-breakpoint
CREATE INDEX "landlord_links_user" ON "landlord_links" ("user_no") WHERE user_no IS NOT NULL;
