import { API, House, type AddHouseRequest, type EditHouseRequest } from '@makazi/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const HouseList = z.array(House);
const Saved = z.object({ message: z.string() });

export const housesQuery = (agentId: number, propId: number) =>
  queryOptions({
    queryKey: ['houses', agentId, propId] as const,
    queryFn: async ({ signal }) =>
      parseApiData(
        HouseList,
        await apiFetch<unknown>(API.houses.byProperty, { query: { PropId: propId }, signal }),
      ),
  });

export type SaveHouse = { kind: 'add'; body: AddHouseRequest } | { kind: 'edit'; body: EditHouseRequest };

/** Adds or edits a house; the property's houses, its counts and the booking lists go stale. */
export function useSaveHouse(agentId: number, propId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveHouse) =>
      parseApiData(
        Saved,
        save.kind === 'add'
          ? await apiFetch<unknown>(API.houses.add, { method: 'POST', body: save.body })
          : await apiFetch<unknown>(API.houses.edit, { method: 'PATCH', body: save.body }),
      ),
    onSuccess: () =>
      Promise.all(
        [['houses', agentId, propId], ['properties', agentId], queryKeys.tenancies(agentId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
