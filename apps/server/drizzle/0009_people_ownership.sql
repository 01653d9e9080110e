-- People belong to whoever captured them (docs/decisions/003-ownership-of-people.md).
-- A property's landlord and a tenancy's tenant must be a client the agent
-- captured, or on a landlord's own account (self = 1) its owner. The services
-- check this first and answer 404; these triggers keep any other path honest.
CREATE FUNCTION client_owned_by_agent(p_client_no bigint, p_agent_id bigint) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM clients c WHERE c.client_no = p_client_no AND c.capturing_agent_id = p_agent_id)
      OR EXISTS (SELECT 1 FROM agents a WHERE a.agent_id = p_agent_id AND a.self = 1 AND a.owner_client_no = p_client_no)
$$;
--> statement-breakpoint
CREATE FUNCTION properties_landlord_owned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT client_owned_by_agent(NEW.landlord_no, NEW.agent_id) THEN
    RAISE EXCEPTION 'client % is not a client of agent %', NEW.landlord_no, NEW.agent_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_landlord_owned BEFORE INSERT OR UPDATE OF landlord_no, agent_id ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_landlord_owned();
--> statement-breakpoint
CREATE FUNCTION tenancies_tenant_owned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT client_owned_by_agent(NEW.client_no, NEW.agent_id) THEN
    RAISE EXCEPTION 'client % is not a client of agent %', NEW.client_no, NEW.agent_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenancies_tenant_owned BEFORE INSERT OR UPDATE OF client_no, agent_id ON tenancies
  FOR EACH ROW EXECUTE FUNCTION tenancies_tenant_owned();
