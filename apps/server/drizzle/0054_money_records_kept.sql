-- Payouts, agreements, expenses and water months are records of money, as the
-- journals are: a correction is a new record, never an edit (issue 34).
CREATE FUNCTION money_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is kept as recorded: % is refused; a correction is a new record', TG_TABLE_NAME, TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER landlord_payouts_kept BEFORE UPDATE OR DELETE OR TRUNCATE ON landlord_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();
--> statement-breakpoint
CREATE TRIGGER management_agreements_kept BEFORE DELETE OR TRUNCATE ON management_agreements
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();
--> statement-breakpoint
-- Saving an agreement again for the same property and first day replaces its terms (the
-- service allows it only from today on); which property, from which day, stays, and the
-- replacement is newer than what it replaces.
CREATE FUNCTION management_agreement_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.agreement_id, NEW.agent_id, NEW.prop_id, NEW.effective_from) IS DISTINCT FROM (OLD.agreement_id, OLD.agent_id, OLD.prop_id, OLD.effective_from)
    OR NEW.created_at < OLD.created_at THEN
    RAISE EXCEPTION 'management_agreements is kept as recorded: only a newer save of the same day''s terms may replace them';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER management_agreements_guard BEFORE UPDATE ON management_agreements
  FOR EACH ROW EXECUTE FUNCTION management_agreement_guard();
--> statement-breakpoint
CREATE TRIGGER property_expenses_kept BEFORE DELETE OR TRUNCATE ON property_expenses
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();
--> statement-breakpoint
CREATE TRIGGER water_months_kept BEFORE DELETE OR TRUNCATE ON water_months
  FOR EACH STATEMENT EXECUTE FUNCTION money_record_refuse_change();
--> statement-breakpoint
-- An expense changes only by its decision (approve or reject once), its reversal
-- (once, after posting) and its receipt's scan; what was spent, when and to whom stays.
CREATE FUNCTION property_expense_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.expense_id, NEW.agent_id, NEW.prop_id, NEW.house_id, NEW.landlord_no, NEW.expense_date, NEW.category, NEW.payee,
      NEW.amount_cents, NEW.reference, NEW.note, NEW.created_at, NEW.created_by)
     IS DISTINCT FROM
     (OLD.expense_id, OLD.agent_id, OLD.prop_id, OLD.house_id, OLD.landlord_no, OLD.expense_date, OLD.category, OLD.payee,
      OLD.amount_cents, OLD.reference, OLD.note, OLD.created_at, OLD.created_by) THEN
    RAISE EXCEPTION 'property_expenses is kept as recorded: only its decision, reversal and receipt may change';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'awaiting_approval' AND NEW.status IN ('posted', 'rejected'))
    OR (OLD.status = 'posted' AND NEW.status = 'reversed')) THEN
    RAISE EXCEPTION 'property_expenses: % cannot become %', OLD.status, NEW.status;
  END IF;
  IF (OLD.landlord_txn_id IS NOT NULL AND NEW.landlord_txn_id IS DISTINCT FROM OLD.landlord_txn_id)
    OR (OLD.reversal_txn_id IS NOT NULL AND NEW.reversal_txn_id IS DISTINCT FROM OLD.reversal_txn_id)
    OR (OLD.decided_at IS NOT NULL AND (NEW.decided_at, NEW.decided_by) IS DISTINCT FROM (OLD.decided_at, OLD.decided_by)) THEN
    RAISE EXCEPTION 'property_expenses is kept as recorded: a decision or reversal is made once';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER property_expenses_guard BEFORE UPDATE ON property_expenses
  FOR EACH ROW EXECUTE FUNCTION property_expense_guard();
--> statement-breakpoint
-- A confirmed water month only counts up the charges made from it.
CREATE FUNCTION water_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.prop_id, NEW.month, NEW.agent_id, NEW.confirmed_at, NEW.confirmed_by)
     IS DISTINCT FROM (OLD.prop_id, OLD.month, OLD.agent_id, OLD.confirmed_at, OLD.confirmed_by)
    OR NEW.charged_count < OLD.charged_count OR NEW.amount_cents < OLD.amount_cents THEN
    RAISE EXCEPTION 'water_months is kept as recorded: only its charges count up';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER water_months_guard BEFORE UPDATE ON water_months
  FOR EACH ROW EXECUTE FUNCTION water_month_guard();
