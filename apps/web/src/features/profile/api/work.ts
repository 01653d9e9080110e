import type { EditUserBioData } from '@makazi/domain';
import { API, HireOffer, MessageResponse } from '@makazi/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { reauthenticate } from '../../../lib/auth';
import { parseApiData as parsed } from '../../../lib/parse-api-data';
import { useSessionStore } from '../../../lib/session';

const WORK_API = {
  offersReceived: API.users.offersReceived,
  accept: API.users.acceptOffer,
  reject: API.users.rejectOffer,
  terminate: API.users.terminateContract,
  availability: API.users.changeAvailability,
  editBioData: API.users.editBioData,
} as const;

/** Everything of one user's own record and work ties, under one prefix. */
const userKey = (userNo: number) => ['users', userNo] as const;

export const offersReceivedQuery = (userNo: number) =>
  queryOptions({
    queryKey: [...userKey(userNo), 'offers-received'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(HireOffer),
        await apiFetch<unknown>(WORK_API.offersReceived, { query: { userNo }, signal }),
      ),
  });

/**
 * A change to the user's work ties: afterwards the session is read again (the
 * managing agent and its login status come from the server) and the user's
 * data and agent accounts refetch (acceptance refreshes the managed accounts).
 */
function useWorkMutation<V>(userNo: number, fn: (vars: V) => Promise<unknown>, { reauth = true } = {}) {
  const client = useQueryClient();
  const store = useSessionStore();
  return useMutation({
    mutationFn: async (vars: V) => {
      const result = parsed(MessageResponse, await fn(vars));
      if (reauth) await reauthenticate(store).catch(() => undefined);
      return result;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKey(userNo) }),
        client.invalidateQueries({ queryKey: ['agent-accounts', userNo] }),
      ]),
  });
}

export const useAcceptOffer = (userNo: number) =>
  useWorkMutation(userNo, (offer: HireOffer) =>
    apiFetch<unknown>(WORK_API.accept, {
      method: 'PATCH',
      body: { AgencyUserHireOfferNo: offer.AgencyUserHireOfferId, UserNo: userNo, AgentId: offer.AgentNo },
    }),
  );

export const useDeclineOffer = (userNo: number) =>
  useWorkMutation(
    userNo,
    (v: { offer: HireOffer; reason: string }) =>
      apiFetch<unknown>(WORK_API.reject, {
        method: 'PATCH',
        body: {
          AgencyUserHireOfferNo: v.offer.AgencyUserHireOfferId,
          UserNo: userNo,
          DeclineReason: v.reason || null,
        },
      }),
    { reauth: false },
  );

export const useEndContract = (userNo: number) =>
  useWorkMutation(userNo, (offerId: number) =>
    apiFetch<unknown>(WORK_API.terminate, {
      method: 'PATCH',
      body: { offerId, contractEndedBy: 'user', userNo },
    }),
  );

export const useChangeAvailability = (userNo: number) =>
  useWorkMutation(
    userNo,
    (available: 0 | 1) => apiFetch<unknown>(WORK_API.availability, { method: 'PATCH', body: { available } }),
    { reauth: false },
  );

export const useEditBioData = (userNo: number) =>
  useWorkMutation(userNo, (bio: EditUserBioData) =>
    apiFetch<unknown>(WORK_API.editBioData, { method: 'PATCH', body: bio }),
  );
