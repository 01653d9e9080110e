-- eTIMS through KRA's OSCU API (issue 36 point 1, decision 060).
-- One device per taxpayer PIN and branch: the agency's own (landlord_no NULL,
-- for its fee invoices) and one per landlord registered through the agency.
-- The communication key KRA answers is kept sealed (AES-256-GCM, the Daraja
-- secrets key): a database copy or backup never holds it in clear.
CREATE TABLE "etims_devices" (
  "device_id" bigserial PRIMARY KEY NOT NULL,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint REFERENCES "clients"("client_no"),
  "tin" text NOT NULL,
  "bhf_id" text NOT NULL,
  "device_serial" text NOT NULL,
  "cmc_key_sealed" text NOT NULL,
  "sdc_id" text,
  "mrc_no" text,
  "taxpayer_name" text,
  "next_invoice_no" bigint NOT NULL DEFAULT 1,
  "initialised_at" timestamp with time zone NOT NULL,
  CONSTRAINT "etims_devices_tin_format" CHECK (tin ~ '^[A-Z][0-9]{9}[A-Z]$'),
  CONSTRAINT "etims_devices_bhf_format" CHECK (bhf_id ~ '^[0-9]{2}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "etims_devices_pin_branch" ON "etims_devices" ("agent_id", "tin", "bhf_id");
--> statement-breakpoint
-- One agency's own device, one per landlord.
CREATE UNIQUE INDEX "etims_devices_one_per_seller" ON "etims_devices" ("agent_id", coalesce("landlord_no", 0));
--> statement-breakpoint
-- Each invoice is written once (its source key is unique) with its invoice
-- number taken from its device in the same transaction, so every retry sends
-- the same number and KRA can never record it twice.
CREATE TABLE "etims_invoices" (
  "invoice_id" bigserial PRIMARY KEY NOT NULL,
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "device_id" bigint NOT NULL REFERENCES "etims_devices"("device_id"),
  "kind" text NOT NULL,
  "source_key" text NOT NULL,
  "invoice_no" bigint NOT NULL,
  "original_invoice_id" bigint REFERENCES "etims_invoices"("invoice_id"),
  "landlord_no" bigint REFERENCES "clients"("client_no"),
  "buyer_tin" text,
  "buyer_name" text,
  "month" date NOT NULL,
  "total_cents" bigint NOT NULL,
  "tax_cents" bigint NOT NULL,
  "request" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'queued',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_try_at" timestamp with time zone NOT NULL,
  "claimed_until" timestamp with time zone,
  "error_key" text,
  "error_detail" text,
  "receipt_no" bigint,
  "total_receipt_no" bigint,
  "internal_data" text,
  "receipt_signature" text,
  "sdc_id" text,
  "kra_date_time" text,
  "created_at" timestamp with time zone NOT NULL,
  "sent_at" timestamp with time zone,
  CONSTRAINT "etims_invoices_kind_known" CHECK (kind IN ('fee', 'rent', 'credit_note')),
  CONSTRAINT "etims_invoices_status_known" CHECK (status IN ('queued', 'sent', 'refused')),
  CONSTRAINT "etims_invoices_credit_points_back" CHECK ((kind = 'credit_note') = (original_invoice_id IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "etims_invoices_source" ON "etims_invoices" ("agent_id", "source_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "etims_invoices_number" ON "etims_invoices" ("device_id", "invoice_no");
--> statement-breakpoint
CREATE INDEX "etims_invoices_due" ON "etims_invoices" ("next_try_at") WHERE status = 'queued';
--> statement-breakpoint
CREATE INDEX "etims_invoices_agent" ON "etims_invoices" ("agent_id", "invoice_id");
