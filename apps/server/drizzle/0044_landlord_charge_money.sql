-- Charges besides rent are landlord money too (docs/decisions/025-landlord-charge-money.md):
-- a collection line names the tenant's sub-account it counts (rent, water,
-- penalty, charge:<id>); lines written before this name none and were rent.
-- Money collected on a pass-through charge (a water company's) is owed
-- onward, on an account of its own, never the landlord's.
ALTER TABLE "landlord_lines" ADD COLUMN "sub_account" text;--> statement-breakpoint
ALTER TABLE "landlord_lines" DROP CONSTRAINT "landlord_lines_account_known";--> statement-breakpoint
ALTER TABLE "landlord_lines" ADD CONSTRAINT "landlord_lines_account_known" CHECK (account IN ('collected', 'landlord', 'commission', 'tax_payable', 'cash', 'pass_through'));--> statement-breakpoint
ALTER TABLE "landlord_lines" ADD CONSTRAINT "landlord_lines_sub_account_known" CHECK (sub_account IS NULL OR sub_account IN ('rent', 'penalty', 'water') OR sub_account ~ '^charge:[0-9]+$');--> statement-breakpoint
CREATE INDEX "landlord_lines_tenancy_sub_account" ON "landlord_lines" ("tenancy_id", "sub_account") WHERE account IN ('collected', 'pass_through');
