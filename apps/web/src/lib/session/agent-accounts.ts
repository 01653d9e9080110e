import { API, AGENT_MESSAGES, type AgentAccountsOfUser } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../api-client';
import { useSession } from './session-context';

const AGENTS_MANAGED_BY_USER = API.users.agentsManagedByUser;

/** The user's own agent account and the account that hired them (docs/access.md#accounts). */
export async function getAgentAccounts(
  user: { userNo: number; clientNo: number | null },
  signal?: AbortSignal,
): Promise<AgentAccountsOfUser['agents']> {
  const data = await apiFetch<unknown>(AGENTS_MANAGED_BY_USER, {
    query: { UserNo: user.userNo, ClientNo: user.clientNo },
    signal,
  });
  const { AgentAccountsOfUser } = await import('../auth/auth-schemas');
  const parsed = AgentAccountsOfUser.safeParse(data);
  if (!parsed.success) throw new ApiError(200, AGENT_MESSAGES.fetchAccountsFailed, 'INVALID_RESPONSE');
  return parsed.data.agents;
}

/** Keyed by user: the names belong to the user, whichever agency they work in. */
export const agentAccountsQuery = (userNo: number, clientNo: number | null) =>
  queryOptions({
    queryKey: ['agent-accounts', userNo],
    queryFn: ({ signal }) => getAgentAccounts({ userNo, clientNo }, signal),
  });

/** The signed-in user's agent accounts; idle while there is no user number. */
export function useAgentAccounts() {
  const { session } = useSession();
  const userNo = session.userNo ?? 0;
  return useQuery({ ...agentAccountsQuery(userNo, session.clientNo), enabled: userNo > 0 });
}
