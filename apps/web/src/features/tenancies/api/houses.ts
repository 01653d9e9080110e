import { API, House, Property } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parseApi } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const HOUSE_API = {
  properties: API.properties.byAgent,
  housesOfProperty: API.houses.byProperty,
  allHouses: API.houses.all,
} as const;

async function getList<T>(
  schema: z.ZodType<T>,
  path: string,
  query?: Record<string, number>,
  signal?: AbortSignal,
) {
  return parseApi(z.array(schema), await apiFetch<unknown>(path, { query, signal }));
}

// Booking changes occupancy, so these live under the agent's tenancies prefix and refresh with them.
export const bookingPropertiesQuery = (agentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(agentId), 'booking', 'properties'] as const,
    queryFn: ({ signal }) => getList(Property, HOUSE_API.properties, { agentId }, signal),
  });

export const bookingHousesQuery = (agentId: number, propId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(agentId), 'booking', 'houses', propId] as const,
    queryFn: ({ signal }) => getList(House, HOUSE_API.housesOfProperty, { PropId: propId }, signal),
    enabled: propId > 0,
  });

/** The house named in the URL, if the user may act on it: it tells the page which property to show. */
export const bookingHouseQuery = (agentId: number, houseId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(agentId), 'booking', 'house', houseId] as const,
    queryFn: async ({ signal }) =>
      (await getList(House, HOUSE_API.allHouses, { HouseId: houseId }, signal)).find((h) => h.HouseId === houseId) ?? null,
  });
