import { API, LandlordSetup } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../../../lib/api-client';

// Under the landlord-money screens' key, so saving an agreement or a KRA PIN there refreshes the checklist by prefix.
export const landlordSetupQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['landlord-money', managingAgentId, 'setup'] as const,
    queryFn: async ({ signal }) => {
      const parsed = LandlordSetup.safeParse(
        await apiFetch<unknown>(API.landlordMoney.setup, { query: { managingAgentId }, signal }),
      );
      if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
      return parsed.data;
    },
  });
