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
);
