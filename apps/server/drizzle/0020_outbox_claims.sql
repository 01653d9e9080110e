-- Receipt notices: retried until sent or plainly undeliverable (no attempt cap),
-- and fenced by a claim token so a process whose lease ran out cannot record
-- an outcome over another's.
ALTER TABLE "receipt_notices" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipt_notices" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "receipt_notices_due";--> statement-breakpoint
CREATE INDEX "receipt_notices_due" ON "receipt_notices" USING btree ("next_attempt_at") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "receipt_notices_failed" ON "receipt_notices" USING btree ("agent_id", "failed_at") WHERE failed_at IS NOT NULL;
