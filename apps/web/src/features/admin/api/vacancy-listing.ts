import { API, VacancyListing, type SaveVacancyListingRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const vacancyListingQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['vacancy-listing', managingAgentId] as const,
    queryFn: async ({ signal }) =>
      parsed(VacancyListing, await apiFetch<unknown>(API.findHouse.listing, { query: { managingAgentId }, signal })),
  });

export async function saveVacancyListing(body: SaveVacancyListingRequest) {
  return parsed(VacancyListing, await apiFetch<unknown>(API.findHouse.listing, { method: 'POST', body }));
}
