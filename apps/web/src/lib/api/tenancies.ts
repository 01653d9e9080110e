import { API, LIST_TOTAL_HEADERS, Tenancy, type ActiveTenanciesQuery, type TenancyFilter } from '@makazi/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetchResponse } from '../api-client';
import { parseApiData as parseApi } from '../parse-api-data';
import { queryKeys } from '../query-keys';

export const TENANCY_API = {
  active: API.tenancies.activeByAgent,
  byId: API.tenancies.byId,
  book: API.tenancies.book,
  terminate: API.tenancies.terminate,
  counts: API.tenancies.counts,
  settle: API.tenancies.settle,
  csv: API.tenancies.csv,
} as const;

export type TenancyListParams = {
  listType?: ActiveTenanciesQuery['listType'];
  filterBy?: TenancyFilter;
  filterValue?: string;
  tenancyId?: number;
  page?: number;
  pageSize?: number;
};

/** One page, and how many match: `total` exactly, or (`exact` false) more than `total`. */
export type TenancyPage = { tenancies: Tenancy[]; total: number; exact: boolean };

const TenancyList = z.array(Tenancy);

/** The list's filters as the API reads them, for a page and for the CSV export alike. */
export function tenancyFilterQuery(managingAgentId: number, params: TenancyListParams) {
  const filterValue = params.filterValue?.trim();
  return {
    managingAgentId,
    listType: params.listType ?? 'all',
    filterBy: filterValue ? params.filterBy : undefined,
    filterValue: filterValue || undefined,
    tenancyId: params.tenancyId,
  };
}

/** Every tenancy the list's filters match, as CSV: the export button's request. */
export const tenanciesCsv = (managingAgentId: number, params: TenancyListParams) => ({
  path: TENANCY_API.csv,
  query: tenancyFilterQuery(managingAgentId, params),
  fallbackName: 'tenancies.csv',
});

/** The agent's active tenancies, one page; the total comes in a header (LIST_TOTAL_HEADERS). */
export async function listActiveTenancies(
  managingAgentId: number,
  params: TenancyListParams,
  signal?: AbortSignal,
): Promise<TenancyPage> {
  const response = await apiFetchResponse(TENANCY_API.active, {
    query: { ...tenancyFilterQuery(managingAgentId, params), page: params.page ?? 1, pageSize: params.pageSize ?? 50 },
    signal,
  });
  const tenancies = parseApi(TenancyList, await response.json().catch(() => null));
  const moreThan = Number(response.headers.get(LIST_TOTAL_HEADERS.moreThan) ?? Number.NaN);
  if (Number.isFinite(moreThan)) return { tenancies, total: moreThan, exact: false };
  const total = Number(response.headers.get(LIST_TOTAL_HEADERS.exact) ?? Number.NaN);
  return { tenancies, total: Number.isFinite(total) ? total : tenancies.length, exact: true };
}

export const activeTenanciesQuery = (managingAgentId: number, params: TenancyListParams) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(managingAgentId), 'active', params] as const,
    queryFn: ({ signal }) => listActiveTenancies(managingAgentId, params, signal),
    placeholderData: keepPreviousData,
  });
