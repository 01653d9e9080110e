-- Pull Transactions: per agency, when its paybill was registered for pulls and
-- up to when Safaricom's list has been read, so a pull after downtime starts
-- from the last time seen rather than from "the last hours".
CREATE TABLE "mpesa_pulls" (
  "agent_id" bigint PRIMARY KEY NOT NULL REFERENCES "agents"("agent_id"),
  "registered_at" timestamp with time zone,
  "pulled_until" timestamp with time zone,
  "last_pulled_at" timestamp with time zone,
  "last_error" text,
  "last_error_at" timestamp with time zone
);
--> statement-breakpoint
-- Transaction Status asked about a code a tenant quotes: pending until
-- Safaricom's result callback (or its timeout) answers.
CREATE TABLE "mpesa_status_checks" (
  "check_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "trans_id" text NOT NULL,
  "originator_id" text NOT NULL,
  "conversation_id" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "amount_cents" bigint,
  "account_reference" text,
  "completed_at" timestamp with time zone,
  "result_code" text,
  "result_desc" text,
  "requested_at" timestamp with time zone NOT NULL,
  "requested_by" bigint REFERENCES "users"("user_no"),
  "answered_at" timestamp with time zone,
  CONSTRAINT "mpesa_status_checks_originator_unique" UNIQUE ("originator_id"),
  CONSTRAINT "mpesa_status_checks_status" CHECK (status IN ('pending', 'found', 'not_found', 'timed_out'))
);
--> statement-breakpoint
CREATE INDEX "mpesa_status_checks_agent" ON "mpesa_status_checks" ("agent_id", "requested_at");
