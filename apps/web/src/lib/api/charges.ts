import {
  API,
  ChargeSaved,
  MessageOnly,
  PropertyCharges,
  TenancyCharges,
  WaivePenaltyResponse,
  type NewRecurringChargeRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../api-client';
import { parseApiData as parsed } from '../parse-api-data';
import { queryKeys } from '../query-keys';

/** Under the agent's tenancies: a receipt, a run or a reversal anywhere makes it stale with them. */
export const tenancyChargesQuery = (managingAgentId: number, tenancyId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(managingAgentId), 'charges', tenancyId] as const,
    queryFn: async ({ signal }) =>
      parsed(TenancyCharges, await apiFetch<unknown>(API.charges.tenancy, { query: { managingAgentId, tenancyId }, signal })),
  });

export const propertyChargesQuery = (managingAgentId: number, propId: number) =>
  queryOptions({
    queryKey: ['property-charges', managingAgentId, propId] as const,
    queryFn: async ({ signal }) =>
      parsed(PropertyCharges, await apiFetch<unknown>(API.charges.property, { query: { managingAgentId, propId }, signal })),
  });

export async function addCharge(body: NewRecurringChargeRequest) {
  return parsed(ChargeSaved, await apiFetch<unknown>(API.charges.recurring, { method: 'POST', body }));
}

export async function updateCharge(body: { managingAgentId: number; ChargeId: number; Active?: boolean; Amount?: string }) {
  return parsed(ChargeSaved, await apiFetch<unknown>(API.charges.recurringUpdate, { method: 'POST', body }));
}

export async function savePenaltyRule(body: {
  managingAgentId: number;
  PropId: number;
  Active: boolean;
  AfterDay: number;
  Percent?: number;
  Amount?: string;
}) {
  return parsed(MessageOnly, await apiFetch<unknown>(API.charges.penaltyRule, { method: 'POST', body }));
}

export async function waivePenalty(body: { managingAgentId: number; TransactionId: number; reason: string }) {
  return parsed(WaivePenaltyResponse, await apiFetch<unknown>(API.charges.waivePenalty, { method: 'POST', body }));
}

export async function setReminderOptOut(body: { managingAgentId: number; TenancyId: number; OptOut: boolean }) {
  return parsed(MessageOnly, await apiFetch<unknown>(API.charges.reminderOptOut, { method: 'POST', body }));
}
