-- Hiring rules the database keeps whatever the application does (docs/access.md#hired-users):
-- no offer to oneself, none to a user not available for work, offers move only
-- pending → revoked | accepted | rejected and accepted → terminated, an agency
-- account's owner never accepts, and the access switch moves only on a contract.
CREATE FUNCTION contracts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
  available smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'a hire offer starts pending' USING ERRCODE = 'check_violation';
    END IF;
    SELECT owner_user_no INTO owner FROM agents WHERE agent_id = NEW.agent_id;
    IF owner = NEW.user_no THEN
      RAISE EXCEPTION 'an account cannot hire its own owner' USING ERRCODE = 'check_violation';
    END IF;
    SELECT available_for_work INTO available FROM users WHERE user_no = NEW.user_no FOR SHARE;
    IF available IS DISTINCT FROM 1 THEN
      RAISE EXCEPTION 'user % is not available for work', NEW.user_no USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;

  IF NEW.agent_id <> OLD.agent_id OR NEW.user_no <> OLD.user_no OR NEW.agent_self <> OLD.agent_self
     OR NEW.role <> OLD.role OR NEW.offered_at <> OLD.offered_at THEN
    RAISE EXCEPTION 'the parties and role of a hire offer do not change' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('revoked', 'accepted', 'rejected'))
    OR (OLD.status = 'accepted' AND NEW.status = 'terminated')) THEN
    RAISE EXCEPTION 'a hire offer cannot go from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.login_status <> OLD.login_status AND NOT (OLD.status = 'accepted' AND NEW.status = 'accepted') THEN
    RAISE EXCEPTION 'only a running contract is switched on or off' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'accepted' AND OLD.status = 'pending'
     AND EXISTS (SELECT 1 FROM agents WHERE owner_user_no = NEW.user_no AND self = 0) THEN
    RAISE EXCEPTION 'an agency account owner cannot accept hire offers' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER agency_user_contracts_guard BEFORE INSERT OR UPDATE ON agency_user_contracts
  FOR EACH ROW EXECUTE FUNCTION contracts_guard();
--> statement-breakpoint
CREATE FUNCTION users_availability_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.available_for_work NOT IN (0, 1) THEN
    RAISE EXCEPTION 'availability for work is 0 or 1' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.available_for_work IS DISTINCT FROM OLD.available_for_work
     AND EXISTS (SELECT 1 FROM agents WHERE owner_user_no = NEW.user_no AND self = 0) THEN
    RAISE EXCEPTION 'an agency account owner cannot change availability for work' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_availability_guard BEFORE UPDATE OF available_for_work ON users
  FOR EACH ROW EXECUTE FUNCTION users_availability_guard();
