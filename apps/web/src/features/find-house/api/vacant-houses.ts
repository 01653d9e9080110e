import { API, VacantHousesPage } from '@makazi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../../../lib/api-client';

/** The search as the page holds it: rents as typed, digits and point only. */
export type VacantHousesSearch = {
  county?: string;
  town?: string;
  estate?: string;
  minRent?: string;
  maxRent?: string;
  page: number;
};

export async function getVacantHouses(query: VacantHousesSearch, signal?: AbortSignal): Promise<VacantHousesPage> {
  const data = await apiFetch<unknown>(API.findHouse.vacantHouses, { query, signal });
  const parsed = VacantHousesPage.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

export const vacantHousesQuery = (query: VacantHousesSearch) =>
  queryOptions({
    queryKey: ['find-house', query],
    queryFn: ({ signal }) => getVacantHouses(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVacantHouses(query: VacantHousesSearch) {
  return useQuery(vacantHousesQuery(query));
}
