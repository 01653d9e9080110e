import { API, StkRequestView, TenantLinkStatus, type OfficePaymentRequest, type SendTenantLinkRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const tenantLinkKey = (managingAgentId: number, tenancyId: number) => ['tenant-link', managingAgentId, tenancyId] as const;

export const tenantLinkQuery = (managingAgentId: number, tenancyId: number) =>
  queryOptions({
    queryKey: tenantLinkKey(managingAgentId, tenancyId),
    queryFn: async ({ signal }) =>
      parsed(TenantLinkStatus, await apiFetch<unknown>(API.tenantLinks.status, { query: { managingAgentId, tenancyId }, signal })),
  });

export async function sendTenantLink(body: SendTenantLinkRequest) {
  return parsed(TenantLinkStatus, await apiFetch<unknown>(API.tenantLinks.send, { method: 'POST', body }));
}

export async function revokeTenantLink(body: { managingAgentId: number; tenancyId: number }) {
  return parsed(TenantLinkStatus, await apiFetch<unknown>(API.tenantLinks.revoke, { method: 'POST', body }));
}

export async function requestPayment(body: OfficePaymentRequest) {
  return parsed(StkRequestView, await apiFetch<unknown>(API.tenantLinks.payRequest, { method: 'POST', body }));
}
