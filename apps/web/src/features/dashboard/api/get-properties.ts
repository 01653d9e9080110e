import { API, Property } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { ApiError, apiFetch } from '../../../lib/api-client';

const PROPERTIES_OF_AGENT = API.properties.byAgent;

export async function getAgentProperties(agentId: number, signal?: AbortSignal): Promise<Property[]> {
  const data = await apiFetch<unknown>(PROPERTIES_OF_AGENT, { query: { agentId }, signal });
  const parsed = z.array(Property).safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

// Under ['properties', agentId] so a booking or a property change invalidates it by prefix.
export const agentPropertiesQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['properties', agentId, 'dashboard'],
    queryFn: ({ signal }) => getAgentProperties(agentId, signal),
  });

export function useAgentProperties(agentId: number | null) {
  return useQuery({ ...agentPropertiesQuery(agentId ?? 0), enabled: agentId !== null });
}
