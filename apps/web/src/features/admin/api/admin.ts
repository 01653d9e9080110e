import {
  API,
  AutomaticInvoicingResponse,
  InvoicingDetails,
  RunInvoicesResponse,
  SendInvoicesResponse,
  TenancyCounts,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { TENANCY_API } from '../../../lib/api/tenancies';
import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const INVOICING_API = {
  details: API.tenancies.invoicingDetails,
  run: API.tenancies.runInvoices,
  automatic: API.tenancies.automaticInvoicing,
  sendInvoices: API.tenancies.sendInvoices,
} as const;

export const tenancyCountsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(managingAgentId), 'counts'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        TenancyCounts,
        await apiFetch<unknown>(TENANCY_API.counts, { query: { managingAgentId }, signal }),
      ),
  });

export const invoicingDetailsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.invoicing(managingAgentId), 'details'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        InvoicingDetails,
        await apiFetch<unknown>(INVOICING_API.details, { query: { managingAgentId }, signal }),
      ),
  });

export async function runMonthlyInvoices(managingAgentId: number, updatedBy: number | null) {
  const data = await apiFetch<unknown>(INVOICING_API.run, {
    method: 'POST',
    body: { managingAgentId, updatedBy, currentDate: new Date().toISOString() },
  });
  return parsed(RunInvoicesResponse, data);
}

export async function setAutomaticInvoicing(managingAgentId: number, automatic: boolean) {
  return parsed(AutomaticInvoicingResponse, await apiFetch<unknown>(INVOICING_API.automatic, { method: 'POST', body: { managingAgentId, automatic } }));
}

export async function setSendInvoices(managingAgentId: number, sendInvoices: boolean) {
  return parsed(
    SendInvoicesResponse,
    await apiFetch<unknown>(INVOICING_API.sendInvoices, { method: 'POST', body: { managingAgentId, sendInvoices } }),
  );
}
