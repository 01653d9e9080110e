ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_txn_id_journal_transactions_txn_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_tenancy_id_tenancies_tenancy_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_ledger_id_ledgers_ledger_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_agent_id_agents_agent_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_tenancy_id_tenancies_tenancy_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_posted_by_users_user_no_fk";
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_reverses_txn_id_journal_transactions_txn_id_fk";
--> statement-breakpoint
DROP INDEX "tenancy_balances_in_arrears";--> statement-breakpoint
DROP INDEX "journal_lines_ledger_id_index";--> statement-breakpoint
CREATE INDEX "journal_lines_ledger_id_index" ON "journal_lines" USING btree ("ledger_id") WHERE ledger_id IS NOT NULL;
--> statement-breakpoint
-- The foreign keys dropped above checked the journal's references one row at a
-- time (a monthly run of 10,000 tenancies: 100,000 trigger calls). They are
-- checked here once per statement over its new rows, as the balance is. What
-- a foreign key also did — keep the referenced row from going away — holds
-- because none of those rows can go: journal transactions are append-only
-- (0005), and tenancies, ledgers and users refuse DELETE, TRUNCATE and a new
-- key below. Nothing to lock, then: a referenced row seen once stays.
CREATE FUNCTION journal_check_transaction_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stray bigint;
BEGIN
  -- The tenancy exists and is the transaction's agent's (so the agent exists:
  -- a tenancy's agent is a foreign key); the poster exists; a reversal's
  -- original exists and is the same agent's.
  SELECT n.txn_id INTO stray
  FROM new_txns n
  LEFT JOIN tenancies t ON t.tenancy_id = n.tenancy_id
  LEFT JOIN users u ON u.user_no = n.posted_by
  LEFT JOIN journal_transactions r ON r.txn_id = n.reverses_txn_id
  WHERE t.tenancy_id IS NULL OR t.agent_id <> n.agent_id OR u.user_no IS NULL
     OR (n.reverses_txn_id IS NOT NULL AND (r.txn_id IS NULL OR r.agent_id <> n.agent_id))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal transaction % names a tenancy, agent, poster or original that does not exist or is another agent''s', stray
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_transactions_references AFTER INSERT ON journal_transactions
  REFERENCING NEW TABLE AS new_txns
  FOR EACH STATEMENT EXECUTE FUNCTION journal_check_transaction_references();
--> statement-breakpoint
-- 0014's check, now also the lines' foreign keys: a line's transaction, tenancy
-- and ledger must exist. A line's tenancy must be its transaction's, which the
-- trigger above has seen exist. Per transaction, not per line: its lines'
-- agents and tenancies all equal the transaction's when the least and the
-- greatest do, so a run's two lines per charge cost one look-up each of the
-- transaction and its tenancy. Lines with a ledger are few and checked alone.
CREATE OR REPLACE FUNCTION journal_check_same_agent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stray bigint;
BEGIN
  SELECT x.txn_id INTO stray
  FROM (
    SELECT txn_id, min(agent_id) AS agent_lo, max(agent_id) AS agent_hi,
           min(tenancy_id) AS tenancy_lo, max(tenancy_id) AS tenancy_hi
    FROM new_lines GROUP BY txn_id
  ) x
  LEFT JOIN journal_transactions j ON j.txn_id = x.txn_id
  LEFT JOIN tenancies jt ON jt.tenancy_id = j.tenancy_id
  WHERE j.txn_id IS NULL OR jt.tenancy_id IS NULL OR jt.agent_id <> j.agent_id
     OR x.agent_lo <> j.agent_id OR x.agent_hi <> j.agent_id
     OR x.tenancy_lo <> j.tenancy_id OR x.tenancy_hi <> j.tenancy_id
  LIMIT 1;
  IF NOT FOUND THEN
    SELECT l.txn_id INTO stray
    FROM new_lines l
    JOIN journal_transactions j ON j.txn_id = l.txn_id
    LEFT JOIN ledgers g ON g.ledger_id = l.ledger_id
    WHERE l.ledger_id IS NOT NULL AND (g.ledger_id IS NULL OR g.agent_id <> j.agent_id)
    LIMIT 1;
  END IF;
  IF FOUND THEN
    -- Missing, or another agent's: told apart for this one transaction only.
    IF NOT EXISTS (SELECT 1 FROM journal_transactions j JOIN tenancies jt ON jt.tenancy_id = j.tenancy_id WHERE j.txn_id = stray)
       OR EXISTS (SELECT 1 FROM new_lines l WHERE l.txn_id = stray AND (
            (l.tenancy_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tenancies t WHERE t.tenancy_id = l.tenancy_id))
         OR (l.ledger_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledgers g WHERE g.ledger_id = l.ledger_id)))) THEN
      RAISE EXCEPTION 'a line of journal transaction % names a transaction, tenancy or ledger that does not exist', stray
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'journal transaction % has a line of another agent, tenancy or ledger', stray
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Tenancies, ledgers and users are ended or kept, never removed: the journal
-- refers to them without foreign keys now. Always refused, not only when
-- referenced, so no posting in flight can race a delete.
CREATE FUNCTION journal_refuse_referenced_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal refers to %: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancies_kept BEFORE DELETE ON tenancies
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER tenancies_key_kept BEFORE UPDATE OF tenancy_id ON tenancies
  FOR EACH ROW WHEN (OLD.tenancy_id IS DISTINCT FROM NEW.tenancy_id) EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER tenancies_no_truncate BEFORE TRUNCATE ON tenancies
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER ledgers_kept BEFORE DELETE ON ledgers
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER ledgers_key_kept BEFORE UPDATE OF ledger_id ON ledgers
  FOR EACH ROW WHEN (OLD.ledger_id IS DISTINCT FROM NEW.ledger_id) EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER ledgers_no_truncate BEFORE TRUNCATE ON ledgers
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER users_kept BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER users_key_kept BEFORE UPDATE OF user_no ON users
  FOR EACH ROW WHEN (OLD.user_no IS DISTINCT FROM NEW.user_no) EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_referenced_change();
--> statement-breakpoint
-- Direct writes to tenancy_balances are refused once per statement instead of
-- once per row: a run's 10,000 balance upserts called the row trigger 20,000
-- times. Same rule — only a write from inside the journal's trigger (depth 2)
-- passes; a direct statement is refused even when it touches no row.
DROP TRIGGER tenancy_balances_only_from_journal ON tenancy_balances;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenancy_balances_refuse_direct() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'tenancy_balances is kept by the journal; % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancy_balances_only_from_journal BEFORE INSERT OR UPDATE OR DELETE ON tenancy_balances
  FOR EACH STATEMENT EXECUTE FUNCTION tenancy_balances_refuse_direct();
--> statement-breakpoint
-- Room on each page for the balance's new version beside the old: with no index
-- on a balance column (the arrears index is gone above), the update is HOT and
-- the key index is not touched.
ALTER TABLE tenancy_balances SET (fillfactor = 70);
