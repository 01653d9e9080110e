import {
  API,
  MaintenanceAssignee,
  MaintenanceItem,
  type MaintenanceExpenseRequest,
  type MaintenanceStatus,
  type UpdateMaintenanceRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch, apiFetchResponse } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const maintenanceKey = (agentId: number) => ['maintenance', agentId] as const;

export const maintenanceQuery = (managingAgentId: number, status: MaintenanceStatus | null) =>
  queryOptions({
    queryKey: [...maintenanceKey(managingAgentId), 'queue', status] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(MaintenanceItem),
        await apiFetch<unknown>(API.maintenance.queue, { query: { managingAgentId, status: status ?? undefined }, signal }),
      ),
    // Tenants report without anyone asking: the queue looks again now and then.
    refetchInterval: 30_000,
  });

export const assigneesQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...maintenanceKey(managingAgentId), 'assignees'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(MaintenanceAssignee), await apiFetch<unknown>(API.maintenance.assignees, { query: { managingAgentId }, signal })),
  });

export async function updateRequest(body: UpdateMaintenanceRequest) {
  return parsed(MaintenanceItem, await apiFetch<unknown>(API.maintenance.update, { method: 'POST', body }));
}

export async function recordCost(body: MaintenanceExpenseRequest) {
  return parsed(MaintenanceItem, await apiFetch<unknown>(API.maintenance.expense, { method: 'POST', body }));
}

/**
 * A photo as a data: URL. A plain <img src> would carry no token (it lives in
 * memory, not a cookie), and the content security policy allows data: images, not blob: ones.
 */
export async function photoUrl(managingAgentId: number, photoId: number) {
  const response = await apiFetchResponse(API.maintenance.photo, { query: { managingAgentId, photoId }, accept: 'image/*' });
  const blob = await response.blob();
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('photo unreadable'));
    reader.readAsDataURL(blob);
  });
}
