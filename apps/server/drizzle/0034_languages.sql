-- A user's chosen language for the screens (null: not chosen yet, the browser's is used).
ALTER TABLE "users" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("language" IN ('en', 'sw'));
--> statement-breakpoint
-- The language a client's SMS, emails, PDFs and tenant link are written in.
ALTER TABLE "clients" ADD COLUMN "preferred_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_preferred_language_known" CHECK ("preferred_language" IN ('en', 'sw'));
