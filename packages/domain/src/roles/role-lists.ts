/** Agent type codes (docs/access.md#roles). */
export const AGENT_TYPE = {
  DEFAULT: 5000,
  AGENCY_ADMIN: 5100,
  AGENCY_EMPLOYEE: 5101,
  /** Hired by an agency for chosen properties only: water readings and repairs there (decision 061). */
  CARETAKER: 5102,
  LANDLORD: 5200,
  LANDLORD_EMPLOYEE: 5201,
} as const;

export type AgentType = (typeof AGENT_TYPE)[keyof typeof AGENT_TYPE];

// The lists' contents: docs/access.md#role-lists.
export const ROLE_LISTS = {
  allAllowed: [5100, 5101, 5200, 5201],
  adminOnlyAllowed: [5100, 5200],
  allowedMakeCashPayments: [5100, 5101, 5200, 5201],
  /** The work on the ground a caretaker does too: water readings and repair progress. */
  propertyWork: [5100, 5101, 5102, 5200, 5201],
} as const;

/** The roles an agency may hire a user in; a landlord's own account hires 5201 only. */
export const AGENCY_HIRED_ROLES = [AGENT_TYPE.AGENCY_EMPLOYEE, AGENT_TYPE.CARETAKER] as const;
export type AgencyHiredRole = (typeof AGENCY_HIRED_ROLES)[number];

/** A role's label in the office's catalogue (hiring.roles.*), English and Kiswahili alike. */
export function roleLabelKey(role: number): string {
  switch (role) {
    case AGENT_TYPE.AGENCY_ADMIN:
      return 'hiring.roles.agencyAdmin';
    case AGENT_TYPE.AGENCY_EMPLOYEE:
      return 'hiring.roles.clerk';
    case AGENT_TYPE.CARETAKER:
      return 'hiring.roles.caretaker';
    case AGENT_TYPE.LANDLORD:
      return 'hiring.roles.landlord';
    case AGENT_TYPE.LANDLORD_EMPLOYEE:
      return 'hiring.roles.landlordEmployee';
    default:
      return 'hiring.roles.none';
  }
}

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
