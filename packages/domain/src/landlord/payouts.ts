import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { MoneyAmount } from '../properties/property';
import { MONEY_OUT_MESSAGES } from './payouts-messages';

export const EXPENSE_CATEGORIES = ['repairs', 'cleaning', 'security', 'utilities', 'legal', 'other'] as const;
export const PAYOUT_METHODS = ['bank', 'mpesa', 'cash', 'cheque'] as const;
/** Scanned receipts: images or PDF, at most 5 MB, kept in the database so backups carry them. */
export const EXPENSE_RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const EXPENSE_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

export { MONEY_OUT_MESSAGES } from './payouts-messages';


const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const day = calendarDay;
const amount = MoneyAmount(MONEY_OUT_MESSAGES.amountRequired).refine(
  (c) => c > 0,
  MONEY_OUT_MESSAGES.amountPositive,
);
const key = z.string().trim().min(8, MONEY_OUT_MESSAGES.formKey).max(100);

export const ExpenseRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number({ error: 'Choose a property' }).int().positive('Choose a property'),
  HouseId: z.coerce.number().int().positive().optional(),
  ExpenseDate: day(MONEY_OUT_MESSAGES.dateRequired),
  Category: z.enum(EXPENSE_CATEGORIES, { error: MONEY_OUT_MESSAGES.categoryRequired }),
  Payee: z
    .string({ error: MONEY_OUT_MESSAGES.payeeRequired })
    .trim()
    .min(1, MONEY_OUT_MESSAGES.payeeRequired)
    .max(100),
  Amount: amount,
  Reference: z.string().trim().max(100).default(''),
  Note: z.string().trim().max(500).default(''),
});
export type ExpenseRequest = z.input<typeof ExpenseRequest>;

export const Expense = z.object({
  ExpenseId: z.number(),
  PropId: z.number(),
  Property_name: z.string(),
  HouseId: z.number().nullable(),
  House_number: z.string().nullable(),
  LandlordNo: z.number(),
  ExpenseDate: z.string(),
  Category: z.string(),
  Payee: z.string(),
  Amount: z.number(),
  Reference: z.string(),
  Note: z.string(),
  Status: z.string(),
  HasReceipt: z.boolean(),
  ReceiptName: z.string().nullable(),
  ReversalReason: z.string().nullable(),
});
export type Expense = z.infer<typeof Expense>;

export const ExpenseIdRequest = z.object({
  managingAgentId: agentId,
  ExpenseId: z.coerce.number().int().positive(MONEY_OUT_MESSAGES.expenseNotFound),
});
export const ExpenseReceiptQuery = ExpenseIdRequest.extend({
  name: z.string().trim().min(1).max(200).optional(),
});
export const ReverseExpenseRequest = ExpenseIdRequest.extend({
  reason: z
    .string({ error: MONEY_OUT_MESSAGES.reasonRequired })
    .trim()
    .min(1, MONEY_OUT_MESSAGES.reasonRequired)
    .max(200),
});
export const ExpensesQuery = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number().int().positive().optional(),
});

export const PayoutRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number({ error: MONEY_OUT_MESSAGES.landlordRequired }).int().positive(MONEY_OUT_MESSAGES.landlordRequired),
  Amount: amount,
  PayoutDate: day(MONEY_OUT_MESSAGES.dateRequired),
  Method: z.enum(PAYOUT_METHODS, { error: MONEY_OUT_MESSAGES.methodRequired }),
  Reference: z.string().trim().max(100).default(''),
  /** The owner statement month this payout remits, which it closes (docs/decisions/036-closed-months.md); none: it closes nothing. */
  Month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter the month as YYYY-MM')
    .optional(),
  idempotencyKey: key,
});
export type PayoutRequest = z.input<typeof PayoutRequest>;

export const Payout = z.object({
  PayoutId: z.number(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Amount: z.number(),
  PayoutDate: z.string(),
  Method: z.string(),
  Reference: z.string(),
});
export type Payout = z.infer<typeof Payout>;

export const RemittanceQuery = z.object({
  managingAgentId: agentId,
  date: day(MONEY_OUT_MESSAGES.dateRequired).optional(),
});
export const RemittanceLine = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Amount: z.number(),
  RemittanceDay: z.number().nullable(),
  PayoutMethod: z.string(),
  PayoutDetails: z.string(),
});
export const RemittanceRunRequest = z.object({
  managingAgentId: agentId,
  PayoutDate: day(MONEY_OUT_MESSAGES.dateRequired),
  /** The owner statement month this run remits (it closes); the month before the payout date's when not named. */
  Month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter the month as YYYY-MM')
    .optional(),
  idempotencyKey: key,
  /** What the admin confirmed (count and total in cents): a run that would pay otherwise is refused, nothing sent. */
  ConfirmCount: z.coerce.number().int().positive().optional(),
  ConfirmTotal: z.coerce.number().int().positive().optional(),
  Payouts: z
    .array(
      z.object({
        LandlordNo: z.coerce.number().int().positive(),
        Amount: amount,
        /** The M-Pesa transaction code or the bank's reference of this payout; the run's date when none is typed. */
        Reference: z.string().trim().max(100).default(''),
      }),
    )
    .min(1, MONEY_OUT_MESSAGES.tickOne)
    .max(1000),
});
export type RemittanceRunRequest = z.input<typeof RemittanceRunRequest>;
export const RemittanceRunResult = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Status: z.enum(['paid', 'already paid', 'refused', 'not recorded', 'pending']),
  PayoutId: z.number().nullable(),
  message: z.string(),
});
