import {
  MpesaPayoutView,
  API,
  Agreement,
  AgencyLandlordLink,
  Client,
  Expense,
  FeeTransfer,
  LandlordBalance,
  MriLine,
  RentalTaxPack,
  RentalTaxSettings,
  type RentalTaxSettingsRequest,
  OwnerStatement,
  PassThroughOwed,
  PassThroughPayment,
  Property,
  RemittanceLine,
  RemittanceRunResult,
  TrustReconciliation,
  type ExpenseRequest,
  type FeeTransferRequest,
  type KraPaymentRequest,
  type LandlordInviteRequest,
  type PassThroughPaymentRequest,
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

/** The payouts sent through M-Pesa, each with where it stands in the reader's words (decision 058). */
export const mpesaPayoutsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'mpesa-payouts'] as const,
    queryFn: async ({ signal }) =>
      parsed(
        z.array(MpesaPayoutView),
        await apiFetch<unknown>(API.landlordMoney.mpesaPayouts, { query: { managingAgentId }, signal }),
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

export const expensesQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'expenses'] as const,
    queryFn: async ({ signal }) => parsed(z.array(Expense), await apiFetch<unknown>(API.landlordMoney.expenses, { query: { managingAgentId }, signal })),
  });

export async function recordExpense(body: ExpenseRequest) {
  return parsed(
    z.object({ message: z.string(), ExpenseId: z.number(), Status: z.string() }),
    await apiFetch<unknown>(API.landlordMoney.expense, { method: 'POST', body }),
  );
}

export async function attachExpenseReceipt(managingAgentId: number, ExpenseId: number, file: File) {
  return parsed(
    z.object({ message: z.string() }),
    await apiFetch<unknown>(API.landlordMoney.expenseReceipt, { method: 'POST', query: { managingAgentId, ExpenseId, name: file.name }, body: file }),
  );
}

export async function reverseExpense(body: { managingAgentId: number; ExpenseId: number; reason: string }) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.reverseExpense, { method: 'POST', body }));
}

export const agreementsQuery = (managingAgentId: number, PropId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'agreements', PropId] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(Agreement), await apiFetch<unknown>(API.landlordMoney.agreements, { query: { managingAgentId, PropId }, signal })),
  });


/** The agency's properties, to choose one for an expense or an agreement. */
export const agencyPropertiesQuery = (agentId: number) =>
  queryOptions({
    queryKey: ['properties', agentId] as const,
    queryFn: async ({ signal }) => parsed(z.array(Property), await apiFetch<unknown>(API.properties.byAgent, { query: { agentId }, signal })),
  });

export const mriQuery = (managingAgentId: number, month: string) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'mri', month] as const,
    queryFn: async ({ signal }) => parsed(z.array(MriLine), await apiFetch<unknown>(API.landlordMoney.mri, { query: { managingAgentId, month }, signal })),
  });

export const taxPackQuery = (managingAgentId: number, month: string) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'mri-pack', month] as const,
    queryFn: async ({ signal }) => parsed(RentalTaxPack, await apiFetch<unknown>(API.landlordMoney.mriPack, { query: { managingAgentId, month }, signal })),
  });

export async function saveRemittanceRule(body: RentalTaxSettingsRequest) {
  return parsed(RentalTaxSettings, await apiFetch<unknown>(API.landlordMoney.mriSettings, { method: 'POST', body }));
}

export async function recordKraPayment(body: KraPaymentRequest) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.kraPayment, { method: 'POST', body }));
}

/** A closed month's MRI amendment paid to KRA. */
export async function recordKraAmendmentPayment(body: KraPaymentRequest) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.kraAmendmentPayment, { method: 'POST', body }));
}

/** The agency closes a landlord's month (and every month before it) by hand. */
export async function closeMonth(body: { managingAgentId: number; LandlordNo: number; month: string }) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.monthClose, { method: 'POST', body }));
}

/** Per property and pass-through charge: collected from tenants, paid onward, still owed onward. */
export const owedOnwardQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'pass-through'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(PassThroughOwed), await apiFetch<unknown>(API.landlordMoney.passThroughOwed, { query: { managingAgentId }, signal })),
  });

export const onwardPaymentsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'pass-through-payments'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(PassThroughPayment), await apiFetch<unknown>(API.landlordMoney.passThroughPayments, { query: { managingAgentId }, signal })),
  });

export async function payOnward(body: PassThroughPaymentRequest) {
  return parsed(z.object({ message: z.string(), PaymentId: z.number() }), await apiFetch<unknown>(API.landlordMoney.passThroughPayment, { method: 'POST', body }));
}

export async function reverseOnwardPayment(body: { managingAgentId: number; PaymentId: number; reason: string }) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.reversePassThroughPayment, { method: 'POST', body }));
}

/** The agency's fees moved out of the client account, newest first. */
export const feeTransfersQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...landlordMoneyKey(managingAgentId), 'fee-transfers'] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(FeeTransfer), await apiFetch<unknown>(API.landlordMoney.feeTransfers, { query: { managingAgentId }, signal })),
  });

export async function transferFees(body: FeeTransferRequest) {
  return parsed(z.object({ message: z.string(), TransferId: z.number() }), await apiFetch<unknown>(API.landlordMoney.feeTransfer, { method: 'POST', body }));
}

export async function reverseFeeTransfer(body: { managingAgentId: number; TransferId: number; reason: string }) {
  return parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.landlordMoney.reverseFeeTransfer, { method: 'POST', body }));
}

/** A client's email as the agency keeps it, to fill the landlord's invitation. */
export async function clientEmail(managingAgentId: number, clientNo: number): Promise<string | null> {
  const found = parsed(
    z.array(Client),
    await apiFetch<unknown>(API.client.byClientNo, { query: { managingAgentId, clientNo } }),
  );
  return found[0]?.Email ?? null;
}
