import { API, BankAccount, BankDeposits, BankImportResult, type SaveBankAccountRequest } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const bankKey = (agentId: number) => ['bank', agentId] as const;

export const bankAccountsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...bankKey(managingAgentId), 'accounts'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(BankAccount), await apiFetch<unknown>(API.bank.accounts, { query: { managingAgentId }, signal })),
  });

export const bankDepositsQuery = (managingAgentId: number, bankAccountId: number) =>
  queryOptions({
    queryKey: [...bankKey(managingAgentId), 'deposits', bankAccountId] as const,
    queryFn: async ({ signal }) =>
      parsed(BankDeposits, await apiFetch<unknown>(API.bank.deposits, { query: { managingAgentId, bankAccountId }, signal })),
  });

export async function saveBankAccount(body: SaveBankAccountRequest) {
  return parsed(BankAccount, await apiFetch<unknown>(API.bank.accounts, { method: 'POST', body }));
}

/** The file goes as its own bytes: the server reads it, whatever the browser would make of it. */
export async function importBankStatement(managingAgentId: number, bankAccountId: number, file: File) {
  const bytes = new Blob([file], { type: 'application/octet-stream' });
  return parsed(
    BankImportResult,
    await apiFetch<unknown>(API.bank.statementImport, { method: 'POST', query: { managingAgentId, bankAccountId }, body: bytes }),
  );
}
