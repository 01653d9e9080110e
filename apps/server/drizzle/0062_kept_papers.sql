-- The withholding certificate and the remittance advice are kept as issued, as the owner statement is (decision 050).
-- A month has one certificate and one per paid amendment, and as many advices as payouts: `paper_no` tells them apart
-- (the amendment's number, 0 for the month's own; the payout's id), 0 for the owner statement.
ALTER TABLE "landlord_papers" DROP CONSTRAINT "landlord_papers_paper_known";--> statement-breakpoint
ALTER TABLE "landlord_papers" ADD CONSTRAINT "landlord_papers_paper_known" CHECK (paper IN ('owner_statement', 'mri_certificate', 'remittance_advice'));--> statement-breakpoint
ALTER TABLE "landlord_papers" ADD COLUMN "paper_no" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "landlord_papers" DROP CONSTRAINT "landlord_papers_pkey";--> statement-breakpoint
ALTER TABLE "landlord_papers" ADD PRIMARY KEY ("agent_id", "landlord_no", "month", "paper", "paper_no");
