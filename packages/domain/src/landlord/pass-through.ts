import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { PASS_THROUGH_MESSAGES } from './pass-through-messages';
import { MoneyAmount } from '../properties/property';
import { MONEY_OUT_MESSAGES, PAYOUT_METHODS } from './payouts';

export { PASS_THROUGH_MESSAGES } from './pass-through-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const day = calendarDay;
const amount = MoneyAmount(MONEY_OUT_MESSAGES.amountRequired).refine((c) => c > 0, MONEY_OUT_MESSAGES.amountPositive);

/** A tenant sub-account a pass-through charge is billed on: metered water, or a recurring charge by its id. */
export const PassThroughCharge = z
  .string({ error: PASS_THROUGH_MESSAGES.chargeRequired })
  .regex(/^(water|charge:[1-9]\d{0,17})$/, PASS_THROUGH_MESSAGES.chargeRequired);

export const PassThroughPaymentRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number({ error: 'Choose a property' }).int().positive('Choose a property'),
  Charge: PassThroughCharge,
  Payee: z
    .string({ error: PASS_THROUGH_MESSAGES.payeeRequired })
    .trim()
    .min(1, PASS_THROUGH_MESSAGES.payeeRequired)
    .max(100),
  PaidOn: day(MONEY_OUT_MESSAGES.dateRequired),
  Amount: amount,
  Method: z.enum(PAYOUT_METHODS, { error: PASS_THROUGH_MESSAGES.methodRequired }),
  Reference: z.string().trim().max(100).default(''),
  Note: z.string().trim().max(500).default(''),
  idempotencyKey: z.string().trim().min(8, 'A form key is required').max(100),
});
export type PassThroughPaymentRequest = z.input<typeof PassThroughPaymentRequest>;

export const PassThroughQuery = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number().int().positive().optional(),
});

/** What one property owes onward on one pass-through charge: collected from tenants, paid onward, still owed. */
export const PassThroughOwed = z.object({
  PropId: z.number(),
  Property_name: z.string(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Charge: z.string(),
  /** The recurring charge's name; null for metered water. */
  Charge_name: z.string().nullable(),
  Collected: z.number(),
  PaidOnward: z.number(),
  Owed: z.number(),
});
export type PassThroughOwed = z.infer<typeof PassThroughOwed>;

export const PassThroughPayment = z.object({
  PaymentId: z.number(),
  PropId: z.number(),
  Property_name: z.string(),
  LandlordNo: z.number(),
  Charge: z.string(),
  Charge_name: z.string().nullable(),
  Payee: z.string(),
  PaidOn: z.string(),
  Amount: z.number(),
  Method: z.string(),
  Reference: z.string(),
  Note: z.string(),
  Status: z.enum(['paid', 'reversed']),
  ReversalReason: z.string().nullable(),
});
export type PassThroughPayment = z.infer<typeof PassThroughPayment>;

export const ReversePassThroughPaymentRequest = z.object({
  managingAgentId: agentId,
  PaymentId: z.coerce.number().int().positive(PASS_THROUGH_MESSAGES.notFound),
  reason: z
    .string({ error: MONEY_OUT_MESSAGES.reasonRequired })
    .trim()
    .min(1, MONEY_OUT_MESSAGES.reasonRequired)
    .max(200),
});
export type ReversePassThroughPaymentRequest = z.input<typeof ReversePassThroughPaymentRequest>;
