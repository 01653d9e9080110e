import { BookTenancyResponse, SettlementResponse, Tenancy, type BookTenancyRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { TENANCY_API } from '../../../lib/api/tenancies';
import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

export async function getTenancy(managingAgentId: number, tenancyId: number, signal?: AbortSignal): Promise<Tenancy> {
  const data = await apiFetch<unknown>(TENANCY_API.byId, { query: { tenancyId, managingAgentId }, signal });
  return parsed(Tenancy, data);
}

export const tenancyQuery = (managingAgentId: number, tenancyId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(managingAgentId), 'one', tenancyId] as const,
    queryFn: ({ signal }) => getTenancy(managingAgentId, tenancyId, signal),
    enabled: Number.isInteger(tenancyId) && tenancyId > 0,
    // M-Pesa payments post while nobody on this screen acts: the balance looks again now and then.
    refetchInterval: 10_000,
  });

export async function bookTenancy(body: BookTenancyRequest) {
  return parsed(BookTenancyResponse, await apiFetch<unknown>(TENANCY_API.book, { method: 'POST', body }));
}

type Settlement = { applyDeposit?: boolean; refundAmount?: string; refundDetails?: string };
export type TerminateInput = { tenancyId: number; managingAgentId: number; houseId: number; terminatedBy: number | null } & Settlement;

export async function terminateTenancy(input: TerminateInput) {
  const data = await apiFetch<unknown>(TENANCY_API.terminate, {
    method: 'POST',
    body: { ...input, currentDate: new Date().toISOString() },
  });
  return parsed(SettlementResponse, data);
}

/** Settling a tenancy that has already ended. */
export async function settleTenancy(input: { tenancyId: number; managingAgentId: number } & Settlement) {
  return parsed(SettlementResponse, await apiFetch<unknown>(TENANCY_API.settle, { method: 'POST', body: input }));
}
