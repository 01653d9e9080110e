import {
  API,
  ClientAccount,
  ClientMoneyBooks,
  ClientMoneyReconciliation,
  YearEndPack,
  type ClientAccountRequest,
  type ClientAccountUpdateRequest,
  type ClientMoneyReconciliationRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

/** Every client-money figure of one agency sits under this key: a reconciliation recorded refreshes the list and the pack. */
export const clientMoneyKey = (agentId: number) => ['client-money', agentId] as const;

export const clientAccountsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...clientMoneyKey(managingAgentId), 'accounts'] as const,
    queryFn: async ({ signal }) => parsed(z.array(ClientAccount), await apiFetch<unknown>(API.clientMoney.accounts, { query: { managingAgentId }, signal })),
  });

export const booksQuery = (managingAgentId: number, Day: string) =>
  queryOptions({
    queryKey: [...clientMoneyKey(managingAgentId), 'books', Day] as const,
    queryFn: async ({ signal }) => parsed(ClientMoneyBooks, await apiFetch<unknown>(API.clientMoney.books, { query: { managingAgentId, Day }, signal })),
  });

export const reconciliationsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...clientMoneyKey(managingAgentId), 'reconciliations'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(ClientMoneyReconciliation), await apiFetch<unknown>(API.clientMoney.reconciliations, { query: { managingAgentId }, signal })),
  });

export const yearEndQuery = (managingAgentId: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...clientMoneyKey(managingAgentId), 'year-end', from, to] as const,
    queryFn: async ({ signal }) => parsed(YearEndPack, await apiFetch<unknown>(API.clientMoney.yearEnd, { query: { managingAgentId, from, to }, signal })),
  });

const Saved = z.object({ message: z.string(), AccountId: z.number() });

export async function addClientAccount(body: ClientAccountRequest) {
  return parsed(Saved, await apiFetch<unknown>(API.clientMoney.account, { method: 'POST', body }));
}

export async function updateClientAccount(body: ClientAccountUpdateRequest) {
  return parsed(Saved, await apiFetch<unknown>(API.clientMoney.updateAccount, { method: 'POST', body }));
}

export async function recordReconciliation(body: ClientMoneyReconciliationRequest) {
  return parsed(z.object({ message: z.string(), ReconId: z.number() }), await apiFetch<unknown>(API.clientMoney.reconciliation, { method: 'POST', body }));
}
