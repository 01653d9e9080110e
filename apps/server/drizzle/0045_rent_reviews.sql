-- Rent reviews (docs/decisions/026-rent-reviews.md): each row is a dated rent
-- change of one tenancy, the rent charged from its effective month (the first
-- whole month on or after its date) until the next change. A yearly review
-- adds next year's row as it comes near. Rows are never deleted: a cancelled
-- review keeps its row with cancelled_at set, and past charges stay in the
-- journal at the rent they were posted at.
CREATE TABLE "rent_reviews" (
	"review_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_reviews_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"tenancy_id" bigint NOT NULL REFERENCES "tenancies"("tenancy_id"),
	"review_date" date NOT NULL,
	"effective_month" date NOT NULL,
	"percent_bp" integer,
	"increase_cents" bigint,
	"yearly" boolean DEFAULT false NOT NULL,
	"rent_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("user_no"),
	"cancelled_at" timestamp with time zone,
	"cancelled_by" bigint REFERENCES "users"("user_no"),
	"notice_queued_at" timestamp with time zone,
	-- The yearly review this row repeats, a year on: at most one repetition of each.
	"follows_review_id" bigint REFERENCES "rent_reviews"("review_id"),
	CONSTRAINT "rent_reviews_one_basis" CHECK ((percent_bp IS NULL) <> (increase_cents IS NULL)),
	CONSTRAINT "rent_reviews_increase_positive" CHECK ((percent_bp IS NULL OR (percent_bp > 0 AND percent_bp <= 10000)) AND (increase_cents IS NULL OR increase_cents > 0)),
	CONSTRAINT "rent_reviews_rent_bounded" CHECK (rent_cents > 0 AND rent_cents <= 10000000000),
	CONSTRAINT "rent_reviews_month_start" CHECK (extract(day FROM effective_month) = 1 AND effective_month >= review_date)
);
--> statement-breakpoint
-- One rent per tenancy and month: of two reviews (or two processes adding next year's) for one month, one is kept.
CREATE UNIQUE INDEX "rent_reviews_one_per_month" ON "rent_reviews" USING btree ("tenancy_id","effective_month") WHERE cancelled_at IS NULL;
--> statement-breakpoint
-- The notices still to send, by the day they fall due.
CREATE INDEX "rent_reviews_notice_due" ON "rent_reviews" USING btree ("effective_month") WHERE cancelled_at IS NULL AND notice_queued_at IS NULL;
--> statement-breakpoint
CREATE INDEX "rent_reviews_by_agent" ON "rent_reviews" USING btree ("agent_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "rent_reviews_one_repetition" ON "rent_reviews" USING btree ("follows_review_id");
--> statement-breakpoint
-- A reversed water charge's month may be charged again (decision 026, "Water"): the new
-- charge names the reversed one it replaces, and each reversed charge is replaced once.
ALTER TABLE "journal_transactions" ADD COLUMN "recharges_txn_id" bigint REFERENCES "journal_transactions"("txn_id");
--> statement-breakpoint
DROP INDEX "journal_one_water_charge_per_month";
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_one_water_charge_per_month" ON "journal_transactions" USING btree ("tenancy_id", "charge_month", coalesce("recharges_txn_id", 0)) WHERE kind = 'water_charge';
