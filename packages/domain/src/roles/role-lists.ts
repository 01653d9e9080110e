/** Agent type codes (docs/access.md#roles). */
export const AGENT_TYPE = {
  DEFAULT: 5000,
  AGENCY_ADMIN: 5100,
  AGENCY_EMPLOYEE: 5101,
  LANDLORD: 5200,
  LANDLORD_EMPLOYEE: 5201,
} as const;

export type AgentType = (typeof AGENT_TYPE)[keyof typeof AGENT_TYPE];

// The lists' contents: docs/access.md#role-lists.
export const ROLE_LISTS = {
  allAllowed: [5100, 5101, 5200, 5201],
  adminOnlyAllowed: [5100, 5200],
  allowedMakeCashPayments: [5100, 5101, 5200, 5201],
} as const;

export type RoleListName = keyof typeof ROLE_LISTS;

/**
 * Who searches for a property's landlord: agencies. A landlord's own account
 * (and its employees) registers properties for the account's owner.
 */
export const LANDLORD_SEARCH_ROLES: readonly AgentType[] = [
  AGENT_TYPE.AGENCY_ADMIN,
  AGENT_TYPE.AGENCY_EMPLOYEE,
];

/** True when `role` is one of `allowed`; an unset role is never allowed. */
export function isRoleAllowed(role: number | null | undefined, allowed: readonly number[]): boolean {
  return role != null && allowed.includes(role);
}
