-- "No commission" is a choice the clerk records, not an agreement left at 0% (decision 048):
-- the flag says the landlord pays the agency nothing, and then nothing is what it takes.
ALTER TABLE management_agreements ADD COLUMN no_commission boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- Agreements saved at 0% with no fixed fee before the flag were typed so by a clerk: that was the choice.
UPDATE management_agreements SET no_commission = true WHERE commission_bp = 0 AND fixed_fee_cents = 0;
--> statement-breakpoint
ALTER TABLE management_agreements ADD CONSTRAINT management_agreements_no_commission_takes_none
  CHECK (NOT no_commission OR (commission_bp = 0 AND fixed_fee_cents = 0));
