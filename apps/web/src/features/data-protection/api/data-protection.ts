import { API, BreachList, DataRequestList, DpMessage } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const dataRequestsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['data-protection', managingAgentId, 'requests'] as const,
    queryFn: async ({ signal }) =>
      parsed(DataRequestList, await apiFetch<unknown>(API.dataProtection.requests, { query: { managingAgentId }, signal })),
  });

export const breachesQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['data-protection', managingAgentId, 'breaches'] as const,
    queryFn: async ({ signal }) =>
      parsed(BreachList, await apiFetch<unknown>(API.dataProtection.breaches, { query: { managingAgentId }, signal })),
  });

/** Every write of the page answers a sentence the page shows. */
export const dpPost = async (path: string, body: Record<string, unknown>) =>
  parsed(DpMessage, await apiFetch<unknown>(path, { method: 'POST', body }));

export const downloadPersonData = (managingAgentId: number, clientNo: number, kind: 'json' | 'pdf') =>
  downloadFile(
    kind === 'json' ? API.dataProtection.exportJson : API.dataProtection.exportPdf,
    { managingAgentId, clientNo },
    kind === 'json' ? 'application/json' : 'application/pdf',
    `personal-data-${clientNo}.${kind}`,
  );
