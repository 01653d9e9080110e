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

/** Which receipts: Nairobi days, both included; empty means no bound. */
export type ReceiptsRange = { from?: string; to?: string };
const rangeQuery = (agentId: number, range: ReceiptsRange) => ({ agentId, from: range.from || undefined, to: range.to || undefined });

// Under the ledgers prefix: a receipt refreshes the list with the totals.
export const receiptsQuery = (agentId: number, range: ReceiptsRange = {}) =>
  queryOptions({
    queryKey: [...queryKeys.ledgers(agentId), 'receipts', range] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(Receipt),
        await apiFetch<unknown>(MONEY_API.receipts, { query: { ...rangeQuery(agentId, range), pageSize: 500 }, signal }),
      ),
  });

/** Every receipt in the range (the list shows the newest 500 of them), as CSV. */
export const receiptsCsv = (agentId: number, range: ReceiptsRange = {}) => ({
  path: MONEY_API.receiptsCsv,
  query: rangeQuery(agentId, range),
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
