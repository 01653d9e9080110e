import { API, ClientCount } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../../../lib/api-client';

const CLIENT_COUNT = API.client.count;

export async function getClientCount(managingAgentId: number, signal?: AbortSignal): Promise<ClientCount> {
  const data = await apiFetch<unknown>(CLIENT_COUNT, { query: { managingAgentId }, signal });
  const parsed = ClientCount.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

// Under ['clients', agentId] so registering a client invalidates it by prefix.
export const clientCountQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['clients', managingAgentId, 'count'],
    queryFn: ({ signal }) => getClientCount(managingAgentId, signal),
  });

export function useClientCount(managingAgentId: number | null) {
  return useQuery({ ...clientCountQuery(managingAgentId ?? 0), enabled: managingAgentId !== null });
}
