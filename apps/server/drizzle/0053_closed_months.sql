-- A landlord's month closes (DESIGN.md §4c, docs/decisions/036-closed-months.md):
-- when its MRI is recorded as paid, its owner statement remitted, or the agency
-- closes it by hand. Closing a month closes every month before it, since each
-- month's opening is the one before's closing. What is posted afterwards with
-- a money date in a closed month is booked into the first open month
-- (`book_month`), keeps its money date, and names the month it concerns
-- (`concerns_month`: a reversal concerns its original's month); `amends` marks
-- a line that changes a closed month's MRI, an amendment with its own payment.
CREATE TABLE "landlord_month_closures" (
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "month" date NOT NULL,
  "reason" text NOT NULL,
  "closed_at" timestamp with time zone NOT NULL,
  "closed_by" bigint NOT NULL REFERENCES "users"("user_no"),
  PRIMARY KEY ("agent_id", "landlord_no", "month"),
  CONSTRAINT "landlord_month_closures_first_day" CHECK (extract(day FROM month) = 1),
  CONSTRAINT "landlord_month_closures_reason_known" CHECK (reason IN ('mri_paid', 'remitted', 'by_hand'))
);
--> statement-breakpoint
-- The papers of a closed month as they were issued: produced again from here, never recomputed.
CREATE TABLE "landlord_papers" (
  "agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
  "landlord_no" bigint NOT NULL REFERENCES "clients"("client_no"),
  "month" date NOT NULL,
  "paper" text NOT NULL,
  "body" jsonb NOT NULL,
  "issued_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("agent_id", "landlord_no", "month", "paper"),
  CONSTRAINT "landlord_papers_paper_known" CHECK (paper IN ('owner_statement'))
);
--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD COLUMN "book_month" date;--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD COLUMN "concerns_month" date;--> statement-breakpoint
ALTER TABLE "landlord_txns" ADD COLUMN "amends" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- Before this migration no month was closed: every transaction is booked in and concerns its own month.
ALTER TABLE "landlord_txns" DISABLE TRIGGER "landlord_txns_append_only";--> statement-breakpoint
UPDATE "landlord_txns" t SET "book_month" = date_trunc('month', t.money_date)::date,
  "concerns_month" = date_trunc('month', coalesce((SELECT o.money_date FROM landlord_txns o WHERE o.txn_id = t.reverses_txn_id), t.money_date))::date;--> statement-breakpoint
ALTER TABLE "landlord_txns" ENABLE TRIGGER "landlord_txns_append_only";--> statement-breakpoint
ALTER TABLE "landlord_txns" ALTER COLUMN "book_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "landlord_txns" ALTER COLUMN "concerns_month" SET NOT NULL;--> statement-breakpoint
-- Set by the database on every insert, so no way of posting (receipts, M-Pesa, imports, payouts, fees) can book into a closed month.
CREATE FUNCTION landlord_txn_book() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed_through date;
BEGIN
  -- Taken so a month closing at the same time waits for this posting, or this posting for the closing.
  PERFORM 1 FROM clients WHERE client_no = NEW.landlord_no FOR SHARE;
  SELECT max(c.month) INTO closed_through FROM landlord_month_closures c
  WHERE c.agent_id = NEW.agent_id AND c.landlord_no = NEW.landlord_no;
  NEW.concerns_month := date_trunc('month', coalesce(
    (SELECT o.concerns_month FROM landlord_txns o WHERE o.txn_id = NEW.reverses_txn_id), NEW.money_date))::date;
  NEW.book_month := greatest(date_trunc('month', NEW.money_date)::date, coalesce((closed_through + interval '1 month')::date, '-infinity'::date));
  NEW.amends := closed_through IS NOT NULL AND NEW.concerns_month <= closed_through;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER landlord_txns_booked BEFORE INSERT ON landlord_txns
  FOR EACH ROW EXECUTE FUNCTION landlord_txn_book();
--> statement-breakpoint
CREATE INDEX "landlord_txns_book_month" ON "landlord_txns" ("agent_id", "landlord_no", "book_month");
--> statement-breakpoint
CREATE INDEX "landlord_txns_concerns_month" ON "landlord_txns" ("agent_id", "concerns_month");
--> statement-breakpoint
-- An MRI payment is the month's own (amendment 0) or an amendment's, with the
-- late gross rent it paid the tax on: what no amendment paid yet is the
-- amending lines' sum less the amendments', whatever order postings commit in.
ALTER TABLE "kra_payments" ADD COLUMN "amendment_no" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "kra_payments" ADD COLUMN "gross_cents" bigint;--> statement-breakpoint
DROP INDEX "kra_payments_once_per_month";--> statement-breakpoint
CREATE UNIQUE INDEX "kra_payments_once_per_month" ON "kra_payments" ("agent_id", "landlord_no", "tax_month", "amendment_no");
