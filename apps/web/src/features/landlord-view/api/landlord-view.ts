import {
  API,
  Invitation,
  LandlordViewExpenses,
  LandlordViewPayouts,
  MyLandlordLink,
  OwnerStatement,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

/** Everything the landlord reads through their links sits under this key: a decision refreshes it all. */
export const landlordViewKey = ['landlord-view'] as const;
const Message = z.object({ message: z.string() });

export const myLinksQuery = () =>
  queryOptions({
    queryKey: [...landlordViewKey, 'links'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(MyLandlordLink), await apiFetch<unknown>(API.landlordView.links, { signal })),
  });

export const linkStatementQuery = (LinkId: number, month: string) =>
  queryOptions({
    queryKey: [...landlordViewKey, LinkId, 'statement', month] as const,
    queryFn: async ({ signal }) =>
      parsed(
        OwnerStatement,
        await apiFetch<unknown>(API.landlordView.statement, { query: { LinkId, month }, signal }),
      ),
  });

export const linkExpensesQuery = (LinkId: number) =>
  queryOptions({
    queryKey: [...landlordViewKey, LinkId, 'expenses'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        LandlordViewExpenses,
        await apiFetch<unknown>(API.landlordView.expenses, { query: { LinkId }, signal }),
      ),
  });

export const linkPayoutsQuery = (LinkId: number) =>
  queryOptions({
    queryKey: [...landlordViewKey, LinkId, 'payouts'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        LandlordViewPayouts,
        await apiFetch<unknown>(API.landlordView.payouts, { query: { LinkId }, signal }),
      ),
  });

/** Whose invitation the link is, read before anyone signs in; the token goes in the body, not a logged URL. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['landlord-invitation', token] as const,
    queryFn: async () =>
      parsed(Invitation, await apiFetch<unknown>(API.landlordView.invitation, { method: 'POST', body: { token } })),
    retry: false,
  });

export async function acceptInvite(token: string) {
  return parsed(
    Message.extend({ LinkId: z.number() }),
    await apiFetch<unknown>(API.landlordView.accept, { method: 'POST', body: { token } }),
  );
}

export async function decideExpense(body: { LinkId: number; ExpenseId: number; Approve: boolean }) {
  return parsed(Message, await apiFetch<unknown>(API.landlordView.decide, { method: 'POST', body }));
}

export async function leaveLink(LinkId: number) {
  return parsed(
    Message,
    await apiFetch<unknown>(API.landlordView.revoke, { method: 'POST', body: { LinkId } }),
  );
}
