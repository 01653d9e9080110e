import { z } from 'zod';
import { MoneyAmount } from '../properties/property';

export const PAYMENT_MESSAGES = {
  ledgerRequired: 'Select ledger name',
  detailsRequired: 'PaymentDetails is required',
  amountRequired: 'PaymentAmount is required',
  amountPositive: 'Enter an amount above zero',
  success: 'Payment made successfully',
  failed: 'Something went wrong',
  keyReused: 'This payment was already recorded with different details.',
} as const;

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

/** SPEC.md §7 rentreciept, plus the form's idempotency key. */
export const RentReceiptRequest = z.object({
  tenancyID: z.coerce.number({ error: 'Select tenancy to pay' }).int().positive('Select tenancy to pay'),
  paymentdetails: z.string({ error: PAYMENT_MESSAGES.detailsRequired }).trim().min(1, PAYMENT_MESSAGES.detailsRequired).max(200, 'Payment details are too long'),
  RecievedAmount: MoneyAmount(PAYMENT_MESSAGES.amountRequired).refine((cents) => cents > 0, PAYMENT_MESSAGES.amountPositive),
  managingAgentId: agentId,
  ledgerName: z.string({ error: PAYMENT_MESSAGES.ledgerRequired }).trim().min(1, PAYMENT_MESSAGES.ledgerRequired),
  updatedBy: z.unknown().optional(),
  currentDate: z.string().optional(),
  idempotencyKey: z.string().trim().min(8, 'A payment key is required').max(100),
});
export type RentReceiptRequest = z.input<typeof RentReceiptRequest>;

export const RentReceiptResponse = z.object({
  message: z.string(),
  receiptNo: z.string(),
  TransactionId: z.number(),
  RentBalance: z.number(),
});
export type RentReceiptResponse = z.infer<typeof RentReceiptResponse>;

/** 'RCT-100023' for transaction 100023. */
export const receiptNumber = (txnId: number) => `RCT-${txnId}`;

export const LedgersQuery = z.object({ agentId });
/** SPEC.md §3 Ledger, with what it has received. */
export const Ledger = z.object({ LedgerName: z.string(), LedgerId: z.number(), TotalReceived: z.number(), Receipts: z.number() });
export type Ledger = z.infer<typeof Ledger>;

export const ReceiptsQuery = z.object({ agentId, page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(100) });
export const Receipt = z.object({
  TransactionId: z.number(),
  receiptNo: z.string(),
  TransactionDate: z.string(),
  LedgerName: z.string(),
  TenancyId: z.number(),
  Tenant_name: z.string(),
  House_number: z.string(),
  Property_name: z.string(),
  Details: z.string(),
  Amount: z.number(),
  ReceivedBy: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

export const StatementQuery = z.object({ tenancyId: z.coerce.number().int().positive(), managingAgentId: agentId });
/** SPEC.md §3 Statement line. Balance is negative for an overpayment. */
export const StatementLine = z.object({
  TransactionId: z.number(),
  TrsAccount: z.string(),
  TransactionDate: z.string(),
  TransactionDetails: z.string(),
  Credit: z.number(),
  Debit: z.number(),
  Balance: z.number(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const InvoicingQuery = z.object({ managingAgentId: agentId, currentDate: z.string().optional() });
/** SPEC.md §3 Invoicing details. */
export const InvoicingDetails = z.object({
  CurrentMonth: z.string(),
  CurrentMonthInvoiceCharged: z.boolean(),
  LatestInvoiceRunDate: z.string().nullable(),
  UpdatedByName: z.string().nullable(),
});
export type InvoicingDetails = z.infer<typeof InvoicingDetails>;

export const RunInvoicesRequest = z.object({ managingAgentId: agentId, updatedBy: z.unknown().optional(), currentDate: z.string().optional() });
export const RunInvoicesResponse = z.object({ message: z.string(), month: z.string(), charged: z.number() });

export const InvoiceRun = z.object({ Month: z.string(), RunDate: z.string(), RunBy: z.string(), Charged: z.number(), Amount: z.number() });
export type InvoiceRun = z.infer<typeof InvoiceRun>;
export const INVOICE_MESSAGES = {
  alreadyCharged: 'This month has already been invoiced.',
  done: (charged: number, month: string) => `Invoiced ${charged} tenancies for ${month}.`,
} as const;
