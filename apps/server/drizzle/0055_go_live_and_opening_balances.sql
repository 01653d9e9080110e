-- Moving in (issue 35, docs/decisions/042-go-live-and-opening-balances.md).
-- An agency's go-live month: the first month Makazi charges. No row or NULL:
-- no go-live, every month from a tenancy's first is charged as before.
ALTER TABLE "invoicing_settings" ADD COLUMN "go_live_month" date;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_go_live_first_day" CHECK (go_live_month IS NULL OR extract(day FROM go_live_month) = 1);--> statement-breakpoint
-- Opening balances are journal entries of their own, never receipts:
--   opening_arrears  what a tenant owed on one kind at go-live (a charge of that kind, dated the month before go-live);
--   opening_deposit  a deposit held at go-live (the money is in the client account's Deposit ledger);
--   opening_credit   money held for a tenant at go-live (in the client account's Rent ledger).
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_kind_known";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund', 'deposit_adjustment', 'credit_refund', 'recurring_charge', 'penalty', 'water_charge', 'credit_applied', 'opening_arrears', 'opening_deposit', 'opening_credit'));--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_rent_charge_has_month";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_rent_charge_has_month" CHECK ((kind IN ('rent_charge', 'recurring_charge', 'penalty', 'water_charge', 'opening_arrears')) = (charge_month IS NOT NULL));--> statement-breakpoint
-- One standing opening entry per tenancy and kind is the service's rule (a reversed one may be entered again),
-- so no unique index here; the landlord's opening balance is a landlord-journal entry of its own kind.
ALTER TABLE "landlord_txns" DROP CONSTRAINT "landlord_txns_kind_known";--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD CONSTRAINT "landlord_txns_kind_known" CHECK (kind IN ('collection', 'reversal', 'expense', 'payout', 'tax_payment', 'fee', 'pass_through_payment', 'fee_transfer', 'opening_balance'));
