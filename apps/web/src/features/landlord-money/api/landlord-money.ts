import {
  API,
  AgencyLandlordLink,
  LandlordBalance,
  OwnerStatement,
  RemittanceLine,
  RemittanceRunResult,
  TrustReconciliation,
  type LandlordInviteRequest,
  type RemittanceRunRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

/** Every landlord figure of one agency sits under this key: a payout refreshes balances, trust and statements at once. */
export const landlordMoneyKey = (agentId: number) => ['landlord-money', agentId] as const;

export const balancesQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'balances'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(LandlordBalance),
        await apiFetch<unknown>(API.landlordMoney.balances, { query: { managingAgentId }, signal }),
      ),
  });

export const trustQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'trust'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        TrustReconciliation,
        await apiFetch<unknown>(API.landlordMoney.trust, { query: { managingAgentId }, signal }),
      ),
  });

export const remittanceQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'remittance'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(RemittanceLine),
        await apiFetch<unknown>(API.landlordMoney.remittance, { query: { managingAgentId }, signal }),
      ),
  });

export const ownerStatementQuery = (managingAgentId: number, LandlordNo: number, month: string) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'statement', LandlordNo, month] as const,
    queryFn: async ({ signal }) =>
      parsed(
        OwnerStatement,
        await apiFetch<unknown>(API.landlordMoney.ownerStatement, {
          query: { managingAgentId, LandlordNo, month },
          signal,
        }),
      ),
  });

export async function runRemittance(body: RemittanceRunRequest) {
  return parsed(
    z.array(RemittanceRunResult),
    await apiFetch<unknown>(API.landlordMoney.remittance, { method: 'POST', body }),
  );
}

export async function emailStatement(body: { managingAgentId: number; LandlordNo: number; month: string }) {
  return parsed(
    z.object({ message: z.string() }),
    await apiFetch<unknown>(API.landlordMoney.ownerStatementEmail, { method: 'POST', body }),
  );
}

/** The agency's side: its invitations and links. */
export const agencyLinksQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['landlord-money', managingAgentId, 'landlord-links'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(AgencyLandlordLink),
        await apiFetch<unknown>(API.landlordMoney.landlordLinks, { query: { managingAgentId }, signal }),
      ),
  });

export async function inviteLandlord(body: LandlordInviteRequest) {
  return parsed(
    z.object({ message: z.string(), LinkId: z.number() }),
    await apiFetch<unknown>(API.landlordMoney.landlordInvite, { method: 'POST', body }),
  );
}

export async function revokeLandlordLink(body: { managingAgentId: number; LinkId: number }) {
  return parsed(
    z.object({ message: z.string() }),
    await apiFetch<unknown>(API.landlordMoney.landlordLinkRevoke, { method: 'POST', body }),
  );
}
