-- Property-scoped roles (issue 39 item 6, docs/decisions/061-property-scoped-roles.md):
-- an agency may hire a caretaker (5102) besides a clerk (5101), and may limit a
-- hired user to chosen properties of its own. A contract with no property rows
-- sees the whole account; a caretaker always has at least one (the service
-- refuses to leave one without).
ALTER TABLE "agency_user_contracts" DROP CONSTRAINT "contracts_role_follows_account_self";--> statement-breakpoint
ALTER TABLE "agency_user_contracts" ADD CONSTRAINT "contracts_role_follows_account_self"
  CHECK ((agent_self = 0 AND role IN (5101, 5102)) OR (agent_self = 1 AND role = 5201));--> statement-breakpoint
CREATE TABLE "contract_properties" (
  "offer_id" bigint NOT NULL REFERENCES "agency_user_contracts"("offer_id"),
  "prop_id" bigint NOT NULL REFERENCES "properties"("prop_id"),
  PRIMARY KEY ("offer_id", "prop_id")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION contracts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
     OR NEW.offered_at <> OLD.offered_at THEN
    RAISE EXCEPTION 'the parties of a hire offer do not change' USING ERRCODE = 'check_violation';
  END IF;
  -- An agency's running contract moves between clerk and caretaker (decision 061); nothing else changes a role.
  IF NEW.role <> OLD.role AND NOT (OLD.status = 'accepted' AND NEW.status = 'accepted'
       AND OLD.role IN (5101, 5102) AND NEW.role IN (5101, 5102)) THEN
    RAISE EXCEPTION 'the role of a hire offer changes only between clerk and caretaker on a running contract' USING ERRCODE = 'check_violation';
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
