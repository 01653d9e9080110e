import {
  API,
  InvoiceRun,
  Ledger,
  Receipt,
  RentReceiptResponse,
  type RentReceiptRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const MONEY_API = {
  ledgers: API.money.ledgers,
  receipts: API.money.receipts,
  receiptsCsv: API.money.receiptsCsv,
  receive: API.money.receipt,
  invoiceRuns: API.tenancies.invoiceRuns,
} as const;

export const ledgersQuery = (agentId: number) =>
  queryOptions({
    queryKey: queryKeys.ledgers(agentId),
    queryFn: async ({ signal }) =>
      parsed(z.array(Ledger), await apiFetch<unknown>(MONEY_API.ledgers, { query: { agentId }, signal })),
  });

// Under the ledgers prefix: a receipt refreshes the list with the totals.
export const receiptsQuery = (agentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.ledgers(agentId), 'receipts'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(Receipt),
        await apiFetch<unknown>(MONEY_API.receipts, { query: { agentId, pageSize: 500 }, signal }),
      ),
  });

/** Every receipt of the agency (the list above shows the newest 500), as CSV. */
export const receiptsCsv = (agentId: number) => ({
  path: MONEY_API.receiptsCsv,
  query: { agentId },
  fallbackName: 'receipts.csv',
});

export const invoiceRunsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.invoicing(managingAgentId), 'runs'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(InvoiceRun),
        await apiFetch<unknown>(MONEY_API.invoiceRuns, { query: { managingAgentId }, signal }),
      ),
  });

export async function receiveRent(body: RentReceiptRequest) {
  return parsed(RentReceiptResponse, await apiFetch<unknown>(MONEY_API.receive, { method: 'POST', body }));
}
