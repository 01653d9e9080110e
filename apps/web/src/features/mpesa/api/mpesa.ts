import {
  API,
  AssignPaymentResponse,
  MpesaPayment,
  NotRentResponse,
  Paybill,
  Reconciliation,
  StatementImportResult,
  StatementSummary,
  type SavePaybillRequest,
  DarajaSettings,
  PullResult,
  PullState,
  StatusCheckView,
  type SaveDarajaRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

/** Everything M-Pesa of one agency sits under this key: a posting refreshes the queue and the reconciliation at once. */
export const mpesaKey = (agentId: number) => ['mpesa', agentId] as const;

export const paybillQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'paybill'] as const,
    queryFn: async ({ signal }) =>
      parsed(Paybill, await apiFetch<unknown>(API.mpesa.paybill, { query: { managingAgentId }, signal })),
  });

export const unmatchedQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'unmatched'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(MpesaPayment),
        await apiFetch<unknown>(API.mpesa.unmatched, { query: { managingAgentId }, signal }),
      ),
    // Callbacks arrive without anyone asking: the queue looks again now and then.
    refetchInterval: 15_000,
  });

export const reconciliationQuery = (managingAgentId: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'reconciliation', from, to] as const,
    queryFn: async ({ signal }) =>
      parsed(
        Reconciliation,
        await apiFetch<unknown>(API.mpesa.reconciliation, { query: { managingAgentId, from, to }, signal }),
      ),
  });

export async function savePaybill(body: SavePaybillRequest) {
  return parsed(Paybill, await apiFetch<unknown>(API.mpesa.paybill, { method: 'POST', body }));
}

export async function rotateToken(managingAgentId: number) {
  return parsed(
    Paybill,
    await apiFetch<unknown>(API.mpesa.rotateToken, { method: 'POST', body: { managingAgentId } }),
  );
}

export async function assignPayment(body: { managingAgentId: number; paymentId: number; tenancyId: number; source: 'mpesa' | 'bank' }) {
  return parsed(AssignPaymentResponse, await apiFetch<unknown>(API.mpesa.assign, { method: 'POST', body }));
}

export async function markNotRent(body: { managingAgentId: number; paymentId: number; note: string; source: 'mpesa' | 'bank' }) {
  return parsed(NotRentResponse, await apiFetch<unknown>(API.mpesa.notRent, { method: 'POST', body }));
}

export async function previewStatement(managingAgentId: number, rows: string[][]) {
  return parsed(
    StatementSummary,
    await apiFetch<unknown>(API.mpesa.statementPreview, { method: 'POST', body: { managingAgentId, rows } }),
  );
}

export async function importStatement(managingAgentId: number, rows: string[][]) {
  return parsed(
    StatementImportResult,
    await apiFetch<unknown>(API.mpesa.statementImport, { method: 'POST', body: { managingAgentId, rows } }),
  );
}

export const darajaQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'daraja'] as const,
    queryFn: async ({ signal }) =>
      parsed(DarajaSettings, await apiFetch<unknown>(API.daraja.settings, { query: { managingAgentId }, signal })),
  });

export async function saveDaraja(body: SaveDarajaRequest) {
  return parsed(DarajaSettings, await apiFetch<unknown>(API.daraja.settings, { method: 'POST', body }));
}

export const pullStateQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'pull'] as const,
    queryFn: async ({ signal }) =>
      parsed(PullState, await apiFetch<unknown>(API.mpesa.pull, { query: { managingAgentId }, signal })),
  });

export async function pullNow(managingAgentId: number) {
  return parsed(PullResult, await apiFetch<unknown>(API.mpesa.pull, { method: 'POST', body: { managingAgentId } }));
}

export async function registerPull(managingAgentId: number, nominatedNumber: string) {
  return parsed(PullState, await apiFetch<unknown>(API.mpesa.pullRegister, { method: 'POST', body: { managingAgentId, nominatedNumber } }));
}

export async function checkCode(managingAgentId: number, code: string) {
  return parsed(StatusCheckView, await apiFetch<unknown>(API.mpesa.statusChecks, { method: 'POST', body: { managingAgentId, code } }));
}

/** One code check, asked again every few seconds while Safaricom's answer is pending. */
export const statusCheckQuery = (managingAgentId: number, checkId: number) =>
  queryOptions({
    queryKey: [...mpesaKey(managingAgentId), 'statusCheck', checkId] as const,
    queryFn: async ({ signal }) =>
      parsed(StatusCheckView, await apiFetch<unknown>(API.mpesa.statusCheck, { query: { managingAgentId, checkId }, signal })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
