import { API, Chart, type ChartEntry } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const chartQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['ledger-export', managingAgentId, 'chart'] as const,
    queryFn: async ({ signal }) => parsed(Chart, await apiFetch<unknown>(API.ledgerExport.chart, { query: { managingAgentId }, signal })),
  });

export async function saveChart(managingAgentId: number, entries: ChartEntry[]) {
  return parsed(Chart, await apiFetch<unknown>(API.ledgerExport.chart, { method: 'POST', body: { managingAgentId, entries } }));
}
