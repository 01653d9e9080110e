import { API, TenancyCounts } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { ApiError, apiFetch } from '../../../lib/api-client';

const TENANCY_COUNTS = API.tenancies.counts;

export async function getTenancyCounts(
  managingAgentId: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof TenancyCounts>> {
  const data = await apiFetch<unknown>(TENANCY_COUNTS, { query: { managingAgentId }, signal });
  const parsed = TenancyCounts.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

// Under ['tenancies', agentId] so every tenancy change invalidates it by prefix.
export const tenancyCountsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['tenancies', managingAgentId, 'counts'],
    queryFn: ({ signal }) => getTenancyCounts(managingAgentId, signal),
  });

export function useTenancyCounts(managingAgentId: number | null) {
  return useQuery({ ...tenancyCountsQuery(managingAgentId ?? 0), enabled: managingAgentId !== null });
}
