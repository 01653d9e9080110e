import { deriveAgentType, deriveSpaceRole, isSpace, type AgentType, type Space } from '@makazi/domain';
import { useParams } from 'react-router';

import { useSession } from './session-context';

export interface WorkContext {
  space: Space | null;
  agentType: AgentType | null;
  /** The role in this space (SPEC §4); null when the user has no account to work on here. */
  role: AgentType | null;
  /** The account every property-management call acts on; null when there is none in this space. */
  managingAgentId: number | null;
}

/**
 * Where the user is working now: the space from the route and the role and
 * managing agent SPEC §4 derives for it. Every property-management screen
 * takes the agent id it sends to the API from here.
 */
export function useWorkContext(): WorkContext {
  const { space: param } = useParams();
  const { session } = useSession();
  const space = isSpace(param) ? param : null;
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
