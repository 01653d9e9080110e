import { z } from 'zod';
import { MoneyAmount } from '../properties/property';
import { calendarDay } from '../validation/dates';
import { FEE_TRANSFER_MESSAGES } from './fee-transfer-messages';
import { MONEY_OUT_MESSAGES } from './payouts-messages';

export { FEE_TRANSFER_MESSAGES } from './fee-transfer-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

export const FeeTransferRequest = z.object({
  managingAgentId: agentId,
  TransferredOn: calendarDay(MONEY_OUT_MESSAGES.dateRequired),
  Amount: MoneyAmount(MONEY_OUT_MESSAGES.amountRequired).refine((c) => c > 0, MONEY_OUT_MESSAGES.amountPositive),
  Reference: z
    .string({ error: FEE_TRANSFER_MESSAGES.referenceRequired })
    .trim()
    .min(1, FEE_TRANSFER_MESSAGES.referenceRequired)
    .max(100),
  Note: z.string().trim().max(500).default(''),
  idempotencyKey: z.string().trim().min(8, MONEY_OUT_MESSAGES.formKey).max(100),
});
export type FeeTransferRequest = z.input<typeof FeeTransferRequest>;

export const FeeTransferQuery = z.object({ managingAgentId: agentId });

/** One landlord's commission not taken that a transfer took. */
export const FeeTransferPart = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Amount: z.number(),
});

export const FeeTransfer = z.object({
  TransferId: z.number(),
  TransferredOn: z.string(),
  Amount: z.number(),
  Reference: z.string(),
  Note: z.string(),
  Status: z.enum(['transferred', 'reversed']),
  ReversalReason: z.string().nullable(),
  Landlords: z.array(FeeTransferPart),
});
export type FeeTransfer = z.infer<typeof FeeTransfer>;

export const ReverseFeeTransferRequest = z.object({
  managingAgentId: agentId,
  TransferId: z.coerce.number().int().positive(FEE_TRANSFER_MESSAGES.notFound),
  reason: z
    .string({ error: MONEY_OUT_MESSAGES.reasonRequired })
    .trim()
    .min(1, MONEY_OUT_MESSAGES.reasonRequired)
    .max(200),
});
export type ReverseFeeTransferRequest = z.input<typeof ReverseFeeTransferRequest>;

/**
 * A transfer's amount shared among the landlords whose commission it takes,
 * in proportion to what each has not yet taken (only those above zero), to
 * the cent: each share is rounded down and the cents left over go to the
 * largest remainders, ties to the lower landlord number. Never more from a
 * landlord than they have; the shares add up to the amount when it is at
 * most the total above zero. Shares of zero are left out.
 */
export function shareFeeTransfer(amount: number, notTaken: readonly { landlordNo: number; notTaken: number }[]): { landlordNo: number; amount: number }[] {
  const owing = notTaken.filter((l) => l.notTaken > 0).sort((a, b) => a.landlordNo - b.landlordNo);
  const total = owing.reduce((sum, l) => sum + BigInt(l.notTaken), 0n);
  if (total === 0n) return [];
  const shares = owing.map((l) => {
    const exact = BigInt(amount) * BigInt(l.notTaken);
    return { landlordNo: l.landlordNo, amount: Number(exact / total), remainder: exact % total, cap: l.notTaken };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.amount, 0);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.landlordNo - b.landlordNo : a.remainder > b.remainder ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0) break;
    if (s.amount < s.cap) {
      s.amount += 1;
      left -= 1;
    }
  }
  return shares.filter((s) => s.amount > 0).map(({ landlordNo, amount: share }) => ({ landlordNo, amount: share }));
}
