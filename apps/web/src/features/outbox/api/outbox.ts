import { API, OutboxList, ResendNoticeResponse } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const outboxKey = (agentId: number) => ['outbox', agentId] as const;

export const outboxQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: outboxKey(managingAgentId),
    queryFn: async ({ signal }) =>
      parsed(OutboxList, await apiFetch<unknown>(API.outbox.list, { query: { managingAgentId }, signal })),
    // Notices go out in the background: the list looks again now and then.
    refetchInterval: 30_000,
  });

export async function resendNotice(managingAgentId: number, noticeId: number) {
  return parsed(
    ResendNoticeResponse,
    await apiFetch<unknown>(API.outbox.resend, { method: 'POST', body: { managingAgentId, noticeId } }),
  );
}
