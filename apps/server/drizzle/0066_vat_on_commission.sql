-- VAT on the agency's fees (issue 36, docs/decisions/054-vat-on-commission.md):
-- an agency is VAT-registered with its PIN from a day, or not at all; the VAT
-- it charges a landlord on commission and fixed fees is owed to KRA, booked on
-- a landlord-journal account of its own, apart from the commission.
ALTER TABLE "agents" ADD COLUMN "vat_pin" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "vat_registered_from" date;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_vat_pin_with_day"
  CHECK ((vat_pin IS NULL) = (vat_registered_from IS NULL) AND (vat_pin IS NULL OR vat_pin ~ '^[A-Z][0-9]{9}[A-Z]$'));--> statement-breakpoint
ALTER TABLE "landlord_lines" DROP CONSTRAINT "landlord_lines_account_known";--> statement-breakpoint
ALTER TABLE "landlord_lines" ADD CONSTRAINT "landlord_lines_account_known" CHECK (account IN ('collected', 'landlord', 'commission', 'tax_payable', 'cash', 'pass_through', 'vat_output'));--> statement-breakpoint
-- A reconciliation keeps the VAT the books held, like every other figure of the trust identity.
ALTER TABLE "client_money_reconciliations" ADD COLUMN "vat_output_cents" bigint NOT NULL DEFAULT 0;
