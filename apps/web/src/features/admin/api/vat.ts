import { API, AgencyVat, type SaveAgencyVatRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const vatQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['agency-vat', managingAgentId] as const,
    queryFn: async ({ signal }) => parsed(AgencyVat, await apiFetch<unknown>(API.agents.vat, { query: { managingAgentId }, signal })),
  });

export async function saveVat(body: SaveAgencyVatRequest) {
  return parsed(AgencyVat, await apiFetch<unknown>(API.agents.vat, { method: 'POST', body }));
}
