import {
  API,
  OpeningBalances,
  type GoLiveRequest,
  type OpeningLandlordsRequest,
  type OpeningTenanciesRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../lib/api-client';
import { parseApiData as parsed } from '../../lib/parse-api-data';
import { queryKeys } from '../../lib/query-keys';

const Answer = z.object({ message: z.string() }).passthrough();

export const openingBalancesQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.invoicing(managingAgentId), 'opening-balances'] as const,
    queryFn: async ({ signal }) =>
      parsed(OpeningBalances, await apiFetch<unknown>(API.openingBalances.list, { query: { managingAgentId }, signal })),
  });

const post = async (url: string, body: object) => parsed(Answer, await apiFetch<unknown>(url, { method: 'POST', body }));

export const setGoLive = (body: GoLiveRequest) => post(API.openingBalances.goLive, body);
export const enterTenancies = (body: OpeningTenanciesRequest) => post(API.openingBalances.tenancies, body);
export const enterLandlords = (body: OpeningLandlordsRequest) => post(API.openingBalances.landlords, body);
export const reverseTenancy = (body: { managingAgentId: number; TenancyId: number; reason: string }) => post(API.openingBalances.reverseTenancy, body);
export const reverseLandlord = (body: { managingAgentId: number; LandlordNo: number; reason: string }) => post(API.openingBalances.reverseLandlord, body);
