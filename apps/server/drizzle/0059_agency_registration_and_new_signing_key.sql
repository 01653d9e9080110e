-- The Estate Agents Act (Cap 533) details an agency prints on its papers: its
-- EARB registration number and its practising certificate's year (issue 34).
ALTER TABLE "agents" ADD COLUMN "earb_registration_no" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "practising_certificate_year" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_practising_year_with_number"
  CHECK (practising_certificate_year IS NULL OR (earb_registration_no IS NOT NULL AND practising_certificate_year BETWEEN 2000 AND 2200));--> statement-breakpoint
-- Plain backups of the embedded database taken before this release held the
-- token-signing key in PGlite's raw pages (docs/decisions/046): a new key
-- makes every token that key could sign worthless. Everyone signs in again once.
DELETE FROM "refresh_tokens";--> statement-breakpoint
UPDATE "sessions" SET ended_at = now(), end_reason = 'expired' WHERE ended_at IS NULL;--> statement-breakpoint
DELETE FROM "server_secrets" WHERE name = 'token_key';
