import { API, AgencyUser, FoundUser, HireOffer, HiringResult, MessageResponse, Property, type HireSearchOption } from '@makazi/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

const HIRING_API = {
  getUser: API.users.getUser,
  send: API.users.sendHireOffer,
  revoke: API.users.revokeHireOffer,
  sent: API.agents.pendingOffersSent,
  users: API.agents.users,
  toggle: API.agents.toggleUserActivatedState,
  terminate: API.users.terminateContract,
  access: API.agents.userAccess,
} as const;

/** Everything the admin sees of the account's hiring, under one prefix. */
export const hiringKeys = {
  all: (agentId: number) => ['hiring', agentId] as const,
  sent: (agentId: number) => ['hiring', agentId, 'offers-sent'] as const,
  users: (agentId: number) => ['hiring', agentId, 'users'] as const,
};

/** getuser: the field named by the search option carries the value. */
export async function findUsers(agentId: number, searchOption: HireSearchOption, searchValue: string): Promise<FoundUser[]> {
  const data = await apiFetch<unknown>(HIRING_API.getUser, { query: { AgentNo: agentId, [searchOption]: searchValue.trim() } });
  return parsed(z.array(FoundUser), data);
}

export const offersSentQuery = (agentId: number) =>
  queryOptions({
    queryKey: hiringKeys.sent(agentId),
    queryFn: async ({ signal }) =>
      parsed(z.array(HireOffer), await apiFetch<unknown>(HIRING_API.sent, { query: { AgentNo: agentId }, signal })),
  });

export const agencyUsersQuery = (agentId: number, userNo: number | null) =>
  queryOptions({
    queryKey: hiringKeys.users(agentId),
    queryFn: async ({ signal }) =>
      parsed(
        z.array(AgencyUser),
        await apiFetch<unknown>(HIRING_API.users, { query: { managingId: agentId, userNo }, signal }),
      ),
  });

/** A hiring change makes the account's lists stale, whichever it was. */
function useHiringMutation<V, R>(agentId: number, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: hiringKeys.all(agentId) }),
  });
}

/** An offer to a user found by the search, or by email to someone who may not have an account yet. */
export const useSendHireOffer = (agentId: number) =>
  useHiringMutation(agentId, async (to: { UserNo: number } | { Email: string }) =>
    parsed(HiringResult, await apiFetch<unknown>(HIRING_API.send, { method: 'POST', body: { AgentNo: agentId, ...to } })),
  );

export const useRevokeOffer = (agentId: number) =>
  useHiringMutation(agentId, async (offer: { AgencyUserHireOfferId: number; UserNo: number }) =>
    parsed(
      HiringResult,
      await apiFetch<unknown>(HIRING_API.revoke, {
        method: 'PATCH',
        body: { AgencyUserHireOfferNo: offer.AgencyUserHireOfferId, AgentNo: agentId, UserNo: offer.UserNo },
      }),
    ),
  );

export const useToggleUserActivatedState = (agentId: number) =>
  useHiringMutation(agentId, async (v: { UserNo: number; AgencyUserHireOfferId: number; active: boolean }) =>
    parsed(
      MessageResponse,
      await apiFetch<unknown>(HIRING_API.toggle, {
        method: 'PATCH',
        body: {
          UserNo: v.UserNo,
          NewManagingAgentLoginStatus: v.active ? '1' : '0',
          AgencyUserHireOfferId: v.AgencyUserHireOfferId,
        },
      }),
    ),
  );

export const useEndUserContract = (agentId: number) =>
  useHiringMutation(agentId, async (v: { UserNo: number; AgencyUserHireOfferId: number }) =>
    parsed(
      MessageResponse,
      await apiFetch<unknown>(HIRING_API.terminate, {
        method: 'PATCH',
        body: { offerId: v.AgencyUserHireOfferId, contractEndedBy: 'admin', userNo: v.UserNo },
      }),
    ),
  );

/** A hired user's role (clerk or caretaker) and the properties they are limited to; none → the whole account (decision 061). */
export const useSetUserAccess = (agentId: number) =>
  useHiringMutation(agentId, async (v: { AgencyUserHireOfferId: number; Role: number; PropIds: number[] }) =>
    parsed(MessageResponse, await apiFetch<unknown>(HIRING_API.access, { method: 'POST', body: { managingAgentId: agentId, ...v } })),
  );

/** The account's properties, to pick a hired user's from: the same list (and cache entry) the properties screen reads. */
export const accountPropertiesQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['properties', agentId] as const,
    queryFn: async ({ signal }) => parsed(z.array(Property), await apiFetch<unknown>(API.properties.byAgent, { query: { agentId }, signal })),
  });
