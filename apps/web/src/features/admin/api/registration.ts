import { API, AgencyRegistration, type SaveAgencyRegistrationRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const registrationQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['agency-registration', managingAgentId] as const,
    queryFn: async ({ signal }) =>
      parsed(AgencyRegistration, await apiFetch<unknown>(API.agents.registration, { query: { managingAgentId }, signal })),
  });

export async function saveRegistration(body: SaveAgencyRegistrationRequest) {
  return parsed(AgencyRegistration, await apiFetch<unknown>(API.agents.registration, { method: 'POST', body }));
}
