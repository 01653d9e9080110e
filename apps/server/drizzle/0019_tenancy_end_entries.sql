-- The end of a tenancy sets the deposit owed to what is held, and can pay back a tenant's credit
-- (docs/decisions/009-receipt-writer.md).
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_kind_known";--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_kind_known" CHECK (kind IN ('deposit_charge', 'rent_charge', 'receipt', 'reversal', 'deposit_applied', 'deposit_refund', 'deposit_adjustment', 'credit_refund'));
