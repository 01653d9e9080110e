-- tenancy_balances follows the journal on three columns now: the total owed
-- (both tenant sub-accounts), the deposit sub-account, and the deposit money
-- held for the tenancy. Same statement, same transaction as the lines.
CREATE OR REPLACE FUNCTION journal_apply_tenant_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenancy_balances (tenancy_id, balance_cents, deposit_due_cents, deposit_held_cents)
  SELECT tenancy_id,
         sum(CASE WHEN account = 'tenant' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'tenant' AND sub_account = 'deposit' THEN debit_cents - credit_cents ELSE 0 END),
         sum(CASE WHEN account = 'deposits_held' THEN credit_cents - debit_cents ELSE 0 END)
  FROM new_lines WHERE tenancy_id IS NOT NULL
  GROUP BY tenancy_id
  ON CONFLICT (tenancy_id) DO UPDATE SET
    balance_cents = tenancy_balances.balance_cents + excluded.balance_cents,
    deposit_due_cents = tenancy_balances.deposit_due_cents + excluded.deposit_due_cents,
    deposit_held_cents = tenancy_balances.deposit_held_cents + excluded.deposit_held_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deposit receipts posted before deposits were held per tenancy get their
-- holding lines: appended, balanced, never changed.
INSERT INTO journal_lines (txn_id, agent_id, account, tenancy_id, debit_cents, credit_cents)
SELECT j.txn_id, j.agent_id, 'deposits_billed', NULL, l.debit_cents, 0
FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger' JOIN ledgers g ON g.ledger_id = l.ledger_id
WHERE j.kind = 'receipt' AND g.ledger_name = 'Deposit'
UNION ALL
SELECT j.txn_id, j.agent_id, 'deposits_held', j.tenancy_id, 0, l.debit_cents
FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger' JOIN ledgers g ON g.ledger_id = l.ledger_id
WHERE j.kind = 'receipt' AND g.ledger_name = 'Deposit';
--> statement-breakpoint
-- A line belongs to its transaction's agent: its agent, its tenancy (which must
-- be the transaction's tenancy) and its ledger. The transaction's tenancy must be
-- the agent's too. Checked once per statement over the new lines.
CREATE FUNCTION journal_check_same_agent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stray bigint;
BEGIN
  SELECT l.txn_id INTO stray
  FROM new_lines l
  JOIN journal_transactions j ON j.txn_id = l.txn_id
  JOIN tenancies jt ON jt.tenancy_id = j.tenancy_id
  LEFT JOIN tenancies t ON t.tenancy_id = l.tenancy_id
  LEFT JOIN ledgers g ON g.ledger_id = l.ledger_id
  WHERE l.agent_id <> j.agent_id
     OR jt.agent_id <> j.agent_id
     OR (l.tenancy_id IS NOT NULL AND (l.tenancy_id <> j.tenancy_id OR t.agent_id <> j.agent_id))
     OR (l.ledger_id IS NOT NULL AND g.agent_id <> j.agent_id)
  LIMIT 1;
  IF stray IS NOT NULL THEN
    RAISE EXCEPTION 'journal transaction % has a line of another agent, tenancy or ledger', stray
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_same_agent AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_check_same_agent();
--> statement-breakpoint
-- Emptying the balances would leave every list wrong while the journal stays right.
CREATE TRIGGER tenancy_balances_no_truncate BEFORE TRUNCATE ON tenancy_balances
  FOR EACH STATEMENT EXECUTE FUNCTION tenancy_balances_refuse_direct();
--> statement-breakpoint
-- A transaction without lines moves no money and hides a bug: refused at commit,
-- when its lines (posted by a later statement of the same transaction) must exist.
CREATE FUNCTION journal_check_has_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM journal_lines WHERE txn_id = NEW.txn_id) THEN
    RAISE EXCEPTION 'journal transaction % has no lines', NEW.txn_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_transactions_have_lines AFTER INSERT ON journal_transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_check_has_lines();
