import { API, DashboardMoney } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../../../lib/api-client';

const MONEY_FIGURES = API.dashboard.money;

export async function getMoneyFigures(
  managingAgentId: number,
  signal?: AbortSignal,
): Promise<DashboardMoney> {
  const data = await apiFetch<unknown>(MONEY_FIGURES, { query: { managingAgentId }, signal });
  const parsed = DashboardMoney.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

// Under ['tenancies', agentId]: a receipt, a run, a booking or an ending invalidates it by prefix.
export const moneyFiguresQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['tenancies', managingAgentId, 'money-figures'],
    queryFn: ({ signal }) => getMoneyFigures(managingAgentId, signal),
  });

export function useMoneyFigures(managingAgentId: number | null) {
  return useQuery({ ...moneyFiguresQuery(managingAgentId ?? 0), enabled: managingAgentId !== null });
}
