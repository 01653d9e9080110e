import {
  API,
  Client,
  Property,
  type LandlordSearchQuery,
  type RegisterPropertyRequest,
} from '@makazi/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData } from '../../../lib/parse-api-data';

const PropertyList = z.array(Property);
const Registered = z.object({ message: z.string(), PropId: z.number(), AgreementNeeded: z.boolean() });

export const propertiesQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['properties', agentId] as const,
    queryFn: async ({ signal }) =>
      parseApiData(
        PropertyList,
        await apiFetch<unknown>(API.properties.byAgent, { query: { agentId }, signal }),
      ),
  });

/** GET /api/landlords/getlandlordbyprovided_details: exact match; the first one found is the landlord. */
export async function findLandlord(query: LandlordSearchQuery): Promise<Client | null> {
  const found = parseApiData(z.array(Client), await apiFetch<unknown>(API.client.landlordSearch, { query }));
  return found[0] ?? null;
}

export function useRegisterProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterPropertyRequest) =>
      parseApiData(Registered, await apiFetch<unknown>(API.properties.register, { method: 'POST', body })),
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: ['properties', body.managingAgentId] }),
  });
}
