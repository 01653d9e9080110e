-- tenancy_balances names its agency, so the dashboard's "most in arrears"
-- starts from the agency's own balances (10,000 rows for the largest agency)
-- instead of joining every agency's 100,013 to tenancies first. The agency is
-- the posting lines' own (journal_check_same_agent holds it equal to the
-- tenancy's) and never changes afterwards, so the index on it leaves a
-- balance's update HOT: no index holds a balance column.
ALTER TABLE "tenancy_balances" ADD COLUMN "agent_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_balances" DISABLE TRIGGER tenancy_balances_only_from_journal;--> statement-breakpoint
UPDATE tenancy_balances b SET agent_id = t.agent_id FROM tenancies t WHERE t.tenancy_id = b.tenancy_id;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ENABLE TRIGGER tenancy_balances_only_from_journal;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ALTER COLUMN "agent_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tenancy_balances" ADD CONSTRAINT "tenancy_balances_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenancy_balances_agent" ON "tenancy_balances" USING btree ("agent_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_apply_tenant_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenancy_balances (tenancy_id, agent_id, balance_cents, deposit_due_cents, deposit_held_cents, charges_due_cents)
  SELECT tenancy_id, agent_id,
         sum(CASE WHEN account = 'tenant' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'tenant' AND sub_account = 'deposit' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'deposits_held' THEN credit_cents - debit_cents ELSE 0 END),
         sum(CASE WHEN account = 'tenant' AND sub_account NOT IN ('rent', 'deposit') THEN debit_cents - credit_cents ELSE 0 END)
  FROM new_lines WHERE tenancy_id IS NOT NULL
  -- One agency per tenancy: lines of a tenancy under two agencies would update
  -- its row twice in this statement, which PostgreSQL refuses outright.
  GROUP BY tenancy_id, agent_id
  ON CONFLICT (tenancy_id) DO UPDATE SET
    balance_cents = tenancy_balances.balance_cents + excluded.balance_cents,
    deposit_due_cents = tenancy_balances.deposit_due_cents + excluded.deposit_due_cents,
    deposit_held_cents = tenancy_balances.deposit_held_cents + excluded.deposit_held_cents,
    charges_due_cents = tenancy_balances.charges_due_cents + excluded.charges_due_cents;
  RETURN NULL;
END;
$$;
