import { LANDLORD_SEARCH_ROLES, RegisterPropertyRequest, type AgentType } from '@makazi/domain';

/** Agencies name the landlord; a landlord's own account (and its employees) registers for its owner. */
export function searchesLandlord(role: AgentType): boolean {
  return LANDLORD_SEARCH_ROLES.includes(role);
}

/** For an agency the domain's optional landlord becomes required, keeping its message. */
export const AgencyPropertyForm = RegisterPropertyRequest.extend({
  LandlordNo: RegisterPropertyRequest.shape.LandlordNo.unwrap(),
});
/** A landlord account sends no landlord: the server uses the account's owner. */
export const propertyFormSchema = (role: AgentType) =>
  searchesLandlord(role) ? AgencyPropertyForm : RegisterPropertyRequest;
