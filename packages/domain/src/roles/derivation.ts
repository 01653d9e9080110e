import { AGENT_TYPE, type AgentType } from './role-lists';

export const SPACES = ['myspace', 'agency'] as const;
export type Space = (typeof SPACES)[number];

export function isSpace(value: unknown): value is Space {
  return SPACES.includes(value as Space);
}

/** The session's agent fields that the derivations read (docs/access.md#roles). */
export interface AgentTies {
  adminAgentId: number | null;
  adminAccountSelf: 0 | 1 | null;
  managingAgentId: number | null;
  managingAgentSelf: 0 | 1 | null;
  managingAgentUserRole: AgentType | null;
}

/**
 * An own account decides first (5100 agency, 5200 landlord); else a
 * contract with a managing agent (5101 agency employee, 5201 landlord's
 * employee); else no type.
 */
export function deriveAgentType(
  ties: Pick<AgentTies, 'adminAgentId' | 'adminAccountSelf' | 'managingAgentId' | 'managingAgentSelf'>,
): AgentType | null {
  if (ties.adminAgentId != null) {
    if (ties.adminAccountSelf === 0) return AGENT_TYPE.AGENCY_ADMIN;
    if (ties.adminAccountSelf === 1) return AGENT_TYPE.LANDLORD;
    return null;
  }
  if (ties.managingAgentId != null) {
    if (ties.managingAgentSelf === 0) return AGENT_TYPE.AGENCY_EMPLOYEE;
    if (ties.managingAgentSelf === 1) return AGENT_TYPE.LANDLORD_EMPLOYEE;
    return null;
  }
  return null;
}

/** The role of a hired user on the account that hired them. */
export function employeeRoleFor(accountSelf: 0 | 1): AgentType {
  return accountSelf === 1 ? AGENT_TYPE.LANDLORD_EMPLOYEE : AGENT_TYPE.AGENCY_EMPLOYEE;
}

/** The role of an owner on their own account. */
export function ownerRoleFor(accountSelf: 0 | 1): AgentType {
  return accountSelf === 1 ? AGENT_TYPE.LANDLORD : AGENT_TYPE.AGENCY_ADMIN;
}

export interface SpaceRole {
  role: AgentType;
  /** The account acted on in this space; null outside both spaces or with no account there. */
  managingAgentId: number | null;
}

/**
 * Role derivation (docs/access.md#roles). In myspace the role is the agent type, on the
 * user's own account. In agency: an agency owner (5100) works on their own
 * agency; a landlord (5200) and a user without an account of their own work on
 * the account that hired them, in the role the contract gives. Outside both
 * spaces the role is 5000 and there is no managing agent.
 */
export function deriveSpaceRole(space: string | null | undefined, ties: AgentTies): SpaceRole | null {
  const agentType = deriveAgentType(ties);
  if (space === 'myspace') {
    return agentType == null ? null : { role: agentType, managingAgentId: ties.adminAgentId };
  }
  if (space === 'agency') {
    if (ties.adminAgentId != null && agentType === AGENT_TYPE.AGENCY_ADMIN) {
      return { role: agentType, managingAgentId: ties.adminAgentId };
    }
    return ties.managingAgentUserRole == null
      ? null
      : { role: ties.managingAgentUserRole, managingAgentId: ties.managingAgentId };
  }
  return { role: AGENT_TYPE.DEFAULT, managingAgentId: null };
}
