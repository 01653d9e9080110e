-- Credit a tenant holds pays every kind of charge (docs/decisions/034-credit-pays-every-kind.md):
-- a `credit_applied` entry moves it, within the tenant's account, from the
-- sub-account holding it to the charges it pays; what the tenant owes in all
-- does not move.
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_kind_known";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund', 'deposit_adjustment', 'credit_refund', 'recurring_charge', 'penalty', 'water_charge', 'credit_applied'));
