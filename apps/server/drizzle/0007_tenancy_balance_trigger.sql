-- tenancy_balances follows the journal: every statement that posts tenant lines
-- adds their net to the tenancy's balance, in the same statement. The journal is
-- append-only, so the running sum is always the sum of the lines.
CREATE FUNCTION journal_apply_tenant_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenancy_balances (tenancy_id, balance_cents)
  SELECT tenancy_id, sum(debit_cents - credit_cents)
  FROM new_lines WHERE account = 'tenant'
  GROUP BY tenancy_id
  ON CONFLICT (tenancy_id) DO UPDATE SET balance_cents = tenancy_balances.balance_cents + excluded.balance_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_tenant_balances AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_apply_tenant_balances();
--> statement-breakpoint
INSERT INTO tenancy_balances (tenancy_id, balance_cents)
SELECT tenancy_id, sum(debit_cents - credit_cents) FROM journal_lines WHERE account = 'tenant' GROUP BY tenancy_id;
--> statement-breakpoint
-- Only that trigger writes balances: a direct write (trigger depth 1 here) is refused.
CREATE FUNCTION tenancy_balances_refuse_direct() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'tenancy_balances is kept by the journal; % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancy_balances_only_from_journal BEFORE INSERT OR UPDATE OR DELETE ON tenancy_balances
  FOR EACH ROW EXECUTE FUNCTION tenancy_balances_refuse_direct();
