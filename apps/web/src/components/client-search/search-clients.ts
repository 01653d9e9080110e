import { API, Client, type ClientSearchQuery } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../lib/api-client';
import { parseApiData } from '../../lib/parse-api-data';

const CLIENT_SEARCH_PATH = API.client.search;
const ClientList = z.array(Client);

export async function searchClients(query: ClientSearchQuery, signal?: AbortSignal): Promise<Client[]> {
  return parseApiData(ClientList, await apiFetch<unknown>(CLIENT_SEARCH_PATH, { query, signal }));
}

export const clientSearchQueryOptions = (query: ClientSearchQuery) =>
  queryOptions({
    queryKey: ['clients', query.managingAgentId, 'search', query.searchOption, query.searchValue],
    queryFn: ({ signal }) => searchClients(query, signal),
    staleTime: 30_000,
  });
