-- Landlord payouts sent through Daraja (B2C to a phone, B2B to a bank paybill),
-- decision 058. A row is written, under the run's key, before anything is sent:
-- a second submission finds it, and it is sent only by whoever moves it from
-- 'queued' to 'sending'. Nothing posts until Daraja's result (or Transaction
-- Status) names the M-Pesa transaction. The initiator who sends them is sealed
-- with the app's other Daraja secrets (daraja_credentials.secrets).
CREATE TABLE "mpesa_payouts" (
  "request_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_payouts_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "command" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "party_b" text NOT NULL,
  "account_reference" text NOT NULL DEFAULT '',
  "payout_date" date NOT NULL,
  "remits" text,
  "request_key" text NOT NULL,
  -- Ours, sent as OriginatorConversationID: the result and Transaction Status name the request by it.
  "originator_id" text NOT NULL,
  "conversation_id" text,
  "callback_base" text NOT NULL,
  "status" text NOT NULL DEFAULT 'queued',
  -- Daraja's queue timed out: the payment may still complete, so Transaction Status settles it.
  "timed_out" boolean NOT NULL DEFAULT false,
  "result_code" integer,
  "result_desc" text,
  "transaction_id" text,
  "payout_id" bigint REFERENCES "landlord_payouts"("payout_id"),
  "status_asked_at" timestamp with time zone,
  "requested_at" timestamp with time zone NOT NULL,
  "requested_by" bigint NOT NULL REFERENCES "users"("user_no"),
  "sent_at" timestamp with time zone,
  "settled_at" timestamp with time zone,
  CONSTRAINT "mpesa_payouts_amount_whole_shillings" CHECK (amount_cents > 0 AND amount_cents % 100 = 0),
  CONSTRAINT "mpesa_payouts_command_known" CHECK (command IN ('BusinessPayment', 'BusinessPayBill')),
  CONSTRAINT "mpesa_payouts_status_known" CHECK (status IN ('queued', 'sending', 'pending', 'paid', 'failed')),
  CONSTRAINT "mpesa_payouts_account_reference_fits" CHECK (length(account_reference) <= 13)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payouts_once_per_key" ON "mpesa_payouts" ("agent_id", "request_key", "landlord_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payouts_originator" ON "mpesa_payouts" ("originator_id");
--> statement-breakpoint
CREATE INDEX "mpesa_payouts_open" ON "mpesa_payouts" ("status", "sent_at") WHERE status IN ('queued', 'sending', 'pending');
