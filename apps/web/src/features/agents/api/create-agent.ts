import { API, CreateAgentResponse, type CreateAgentRequest } from '@makazi/domain';
import type { z } from 'zod';

import { ApiError, apiFetch } from '../../../lib/api-client';

const CREATE_AGENT = API.agents.create;

/** POST createagent: the caller's own landlord (Self 1) or agency (Self 0) account. */
export async function createAgent(
  body: z.output<typeof CreateAgentRequest>,
): Promise<z.infer<typeof CreateAgentResponse>> {
  const data = await apiFetch<unknown>(CREATE_AGENT, { method: 'POST', body });
  const parsed = CreateAgentResponse.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}
