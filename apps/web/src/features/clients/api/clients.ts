import {
  API,
  MessageResponse,
  RegisterClientResponse,
  type EditClientRequest,
  type RegisterClientRequest,
} from '@makazi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData } from '../../../lib/parse-api-data';

/** POST /api/client/register; answers the new client's number. */
export async function registerClient(body: RegisterClientRequest) {
  return parseApiData(
    RegisterClientResponse,
    await apiFetch<unknown>(API.client.register, { method: 'POST', body }),
  );
}

/** POST /api/client/editclientdetails. */
export async function editClient(body: EditClientRequest) {
  return parseApiData(MessageResponse, await apiFetch<unknown>(API.client.edit, { method: 'POST', body }));
}

/** Any change to a client makes the agent's client searches stale. */
function useInvalidateClients() {
  const queryClient = useQueryClient();
  return (agentId: number) => queryClient.invalidateQueries({ queryKey: ['clients', agentId] });
}

export function useRegisterClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: registerClient,
    onSuccess: (_data, body) => invalidate(body.CapturingAgentId),
  });
}

export function useEditClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: editClient,
    onSuccess: (_data, body) => invalidate(body.managingAgentId),
  });
}
