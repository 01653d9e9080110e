import { z } from 'zod';
import { MoneyAmount } from '../properties/property';
import { accountingDate, accountingMonth, nextMonth } from '../time/accounting-month';
import { CHARGE_MESSAGES } from './charges-messages';

export { CHARGE_MESSAGES } from './charges-messages';


/**
 * The first month a new recurring charge is billed for (decision 047): the
 * month after the day it is created, or this month when created on its 1st
 * (Nairobi). A charge set up on the 28th is not a month's service the tenant
 * had, so November is not billed for it; the clerk who sets one up on the 1st
 * means this month. Never prorated: the run bills whole months, as rent.
 */
export function recurringChargeFromMonth(createdAt: Date): string {
  const month = accountingMonth(createdAt);
  return accountingDate(createdAt).endsWith('-01') ? month : nextMonth(month);
}

/** Names the fixed sub-accounts already carry: a recurring charge may not take them. */
export const RESERVED_CHARGE_NAMES = ['rent', 'deposit', 'penalty'] as const;

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const id = (message: string) => z.coerce.number({ error: message }).int().positive(message);
const amount = MoneyAmount(CHARGE_MESSAGES.amountRequired);

export const PropertyChargesQuery = z.object({
  managingAgentId: agentId,
  propId: id(CHARGE_MESSAGES.propertyNotFound),
});

export const NewRecurringChargeRequest = z.object({
  managingAgentId: agentId,
  PropId: id(CHARGE_MESSAGES.propertyNotFound),
  Name: z
    .string({ error: CHARGE_MESSAGES.nameRequired })
    .trim()
    .min(1, CHARGE_MESSAGES.nameRequired)
    .max(60, CHARGE_MESSAGES.nameTooLong)
    .refine(
      (n) => !(RESERVED_CHARGE_NAMES as readonly string[]).includes(n.toLowerCase()),
      CHARGE_MESSAGES.reservedName,
    ),
  Amount: amount.refine((c) => c > 0, CHARGE_MESSAGES.amountPositive),
  /** Money that passes through to someone else (a water company), not the landlord's. */
  PassThrough: z.boolean().default(false),
  /**
   * The first month billed (YYYY-MM, this month or later). Without it, the
   * next month, or this month when set up on the 1st (decision 047).
   */
  FromMonth: z
    .string({ error: CHARGE_MESSAGES.fromMonthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, CHARGE_MESSAGES.fromMonthInvalid)
    .optional(),
});
export type NewRecurringChargeRequest = z.input<typeof NewRecurringChargeRequest>;

export const UpdateRecurringChargeRequest = z.object({
  managingAgentId: agentId,
  ChargeId: id(CHARGE_MESSAGES.notFound),
  /** A new amount for the months not yet charged. */
  Amount: amount.refine((c) => c > 0, CHARGE_MESSAGES.amountPositive).optional(),
  PassThrough: z.boolean().optional(),
  /** false stops the charge: the run no longer posts it. */
  Active: z.boolean().optional(),
});

export const HouseChargeRequest = z.object({
  managingAgentId: agentId,
  ChargeId: id(CHARGE_MESSAGES.notFound),
  HouseId: id(CHARGE_MESSAGES.houseNotFound),
  /** The house's own amount (0: not charged); left out: the property's amount again. */
  Amount: MoneyAmount(CHARGE_MESSAGES.amountRequired).optional(),
});

export const PenaltyRuleRequest = z
  .object({
    managingAgentId: agentId,
    PropId: id(CHARGE_MESSAGES.propertyNotFound),
    Active: z.boolean().default(true),
    AfterDay: z.coerce
      .number({ error: CHARGE_MESSAGES.penaltyDay })
      .int(CHARGE_MESSAGES.penaltyDay)
      .min(1, CHARGE_MESSAGES.penaltyDay)
      .max(28, CHARGE_MESSAGES.penaltyDay),
    /** Percent of the month's unpaid rent, up to two decimals (10 is 10%). */
    Percent: z.coerce
      .number({ error: CHARGE_MESSAGES.penaltyPercent })
      .gt(0, CHARGE_MESSAGES.penaltyPercent)
      .max(100, CHARGE_MESSAGES.penaltyPercent)
      .optional(),
    Amount: amount.refine((c) => c > 0, CHARGE_MESSAGES.amountPositive).optional(),
  })
  .refine((r) => (r.Percent == null) !== (r.Amount == null), {
    message: CHARGE_MESSAGES.penaltyBasis,
    path: ['Percent'],
  })
  .refine((r) => r.Percent == null || Math.abs(r.Percent * 100 - Math.round(r.Percent * 100)) < 1e-6, {
    message: CHARGE_MESSAGES.penaltyPercent,
    path: ['Percent'],
  });

export const RecurringCharge = z.object({
  ChargeId: z.number(),
  Name: z.string(),
  Amount: z.number(),
  PassThrough: z.boolean(),
  FromMonth: z.string(),
  Active: z.boolean(),
  /** Houses with their own amount (0: not charged). */
  Houses: z.array(z.object({ HouseId: z.number(), House_number: z.string(), Amount: z.number() })),
});
export const PenaltyRule = z.object({
  AfterDay: z.number(),
  Percent: z.number().nullable(),
  Amount: z.number().nullable(),
  FromMonth: z.string(),
  Active: z.boolean(),
});
export const PropertyCharges = z.object({
  PropId: z.number(),
  Charges: z.array(RecurringCharge),
  Penalty: PenaltyRule.nullable(),
});
export type PropertyCharges = z.infer<typeof PropertyCharges>;

export const ChargeSaved = z.object({ message: z.string(), ChargeId: z.number() });
export const MessageOnly = z.object({ message: z.string() });

export const RunPenaltiesRequest = z.object({ managingAgentId: agentId });
export const RunPenaltiesResponse = z.object({
  message: z.string(),
  day: z.string(),
  charged: z.number(),
  amount: z.number(),
});
export const PenaltyRunsQuery = z.object({ managingAgentId: agentId });
export const PenaltyRunRow = z.object({
  Day: z.string(),
  RunDate: z.string(),
  RunBy: z.string(),
  Charged: z.number(),
  Amount: z.number(),
  Automatic: z.boolean(),
});

export const WaivePenaltyRequest = z.object({
  managingAgentId: agentId,
  TransactionId: id(CHARGE_MESSAGES.transactionNotFound),
  reason: z
    .string({ error: CHARGE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CHARGE_MESSAGES.reasonRequired)
    .max(200, CHARGE_MESSAGES.reasonTooLong),
});
export const WaivePenaltyResponse = z.object({
  message: z.string(),
  TransactionId: z.number(),
  Waives: z.number(),
  RentBalance: z.number(),
});

export const TenancyChargesQuery = z.object({ managingAgentId: agentId, tenancyId: id('Tenancy not found') });
/** A tenancy's money by kind beside RentBalance, its open charges, and how each receipt was applied. */
export const TenancyCharges = z.object({
  RentBalance: z.number(),
  Kinds: z.array(z.object({ Kind: z.string(), Name: z.string(), Balance: z.number() })),
  Open: z.array(
    z.object({
      TransactionId: z.number(),
      Details: z.string(),
      Month: z.string(),
      Amount: z.number(),
      Open: z.number(),
    }),
  ),
  Applied: z.array(
    z.object({
      ReceiptTransactionId: z.number(),
      ChargeTransactionId: z.number(),
      Details: z.string(),
      Amount: z.number(),
    }),
  ),
  /** Kept out of arrears reminders by an admin (POST /charges/reminders/optout). */
  RemindersOptOut: z.boolean(),
});
export type TenancyCharges = z.infer<typeof TenancyCharges>;

/** How a sub-account shows: `charge:<id>` under its charge's name. */
export function kindName(sub: string, chargeName: string | null): string {
  if (sub.startsWith('charge:')) return chargeName ?? 'Charge';
  return sub.charAt(0).toUpperCase() + sub.slice(1);
}
