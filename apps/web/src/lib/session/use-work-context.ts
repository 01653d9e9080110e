import { deriveAgentType, deriveSpaceRole, isSpace, type AgentType, type Space } from '@makazi/domain';
import { useParams } from 'react-router';

import { useSession } from './session-context';
import type { Session } from './session-types';

export interface WorkContext {
  space: Space | null;
  agentType: AgentType | null;
  /** The role in this space (docs/access.md#roles); null when the user has no account to work on here. */
  role: AgentType | null;
  /** The account every property-management call acts on; null when there is none in this space. */
  managingAgentId: number | null;
}

/**
 * Where the user is working now: the space from the route and the role and
 * managing agent derived for it (docs/access.md#roles). Every property-management screen
 * takes the agent id it sends to the API from here. `spaceOverride` serves
 * components rendered above the :space route, which do not see its param.
 */
export function useWorkContext(spaceOverride?: string): WorkContext {
  const { space: param } = useParams();
  const { session } = useSession();
  return workContextOf(session, spaceOverride ?? param);
}

/**
 * The same for a given space. Components above the :space route (the shell's
 * sidebar, the navigation bar) pass the space they know of.
 */
export function workContextOf(session: Session, spaceName: string | undefined): WorkContext {
  const space = isSpace(spaceName) ? spaceName : null;
  const ties = {
    adminAgentId: session.adminAgentId,
    adminAccountSelf: toSelf(session.adminAccountSelf),
    managingAgentId: session.managingAgentId,
    managingAgentSelf: toSelf(session.managingAgentSelf),
    managingAgentUserRole: session.managingAgentUserRole as AgentType | null,
  };
  const derived = space ? deriveSpaceRole(space, ties) : null;
  return {
    space,
    agentType: deriveAgentType(ties),
    role: derived?.role ?? null,
    managingAgentId: derived?.managingAgentId ?? null,
  };
}

function toSelf(value: number | null): 0 | 1 | null {
  return value === 0 || value === 1 ? value : null;
}
