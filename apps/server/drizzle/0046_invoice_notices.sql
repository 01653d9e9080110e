-- Invoices to tenants (docs/decisions/027-invoices-to-tenants.md): an agency
-- may have each run's charges told to every tenant. The invoice waits in the
-- receipt outbox as a text (its words fixed when the run posts, so its figures
-- are the run's), at most one per tenancy and run month whichever process runs.
ALTER TABLE "invoicing_settings" ADD COLUMN "send_invoices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD COLUMN "tenancy_id" bigint;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD COLUMN "invoice_month" date;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD CONSTRAINT "receipt_notices_tenancy_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("tenancy_id");--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD CONSTRAINT "receipt_notices_invoice_is_a_text" CHECK ("invoice_month" IS NULL OR ("tenancy_id" IS NOT NULL AND "body" IS NOT NULL AND "subject" IS NOT NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_notices_one_invoice_per_tenancy_and_month" ON "receipt_notices" USING btree ("tenancy_id", "invoice_month") WHERE invoice_month IS NOT NULL;
