import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { Language } from '../i18n/languages';
import { MoneyAmount } from '../properties/property';
import { PAYMENT_MESSAGES, REVERSAL_MESSAGES, RECEIPT_LIST_MESSAGES } from './money-transactions-messages';
export { PAYMENT_MESSAGES, REVERSAL_MESSAGES, RECEIPT_LIST_MESSAGES } from './money-transactions-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

/** rentreciept, plus the form's idempotency key (docs/api.md#idempotency-keys). */
export const RentReceiptRequest = z.object({
  tenancyID: z.coerce.number({ error: 'Select tenancy to pay' }).int().positive('Select tenancy to pay'),
  paymentdetails: z
    .string({ error: PAYMENT_MESSAGES.detailsRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.detailsRequired)
    .max(200, 'Payment details are too long'),
  RecievedAmount: MoneyAmount(PAYMENT_MESSAGES.amountRequired).refine(
    (cents) => cents > 0,
    PAYMENT_MESSAGES.amountPositive,
  ),
  managingAgentId: agentId,
  ledgerName: z
    .string({ error: PAYMENT_MESSAGES.ledgerRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.ledgerRequired),
  updatedBy: z.unknown().optional(),
  currentDate: z.string().optional(),
  idempotencyKey: z.string().trim().min(8, 'A payment key is required').max(100),
  /** The one open charge this money pays first; without it the receipt pays the oldest charges first. */
  ChargeTransactionId: z.coerce.number().int().positive().nullable().optional(),
});
export type RentReceiptRequest = z.input<typeof RentReceiptRequest>;

export const RentReceiptResponse = z.object({
  message: z.string(),
  receiptNo: z.string(),
  TransactionId: z.number(),
  RentBalance: z.number(),
});
export type RentReceiptResponse = z.infer<typeof RentReceiptResponse>;

/** Receipts into this ledger pay the deposit sub-account and are held for the tenant (docs/money.md#rent-and-deposit-sub-accounts). */
export const DEPOSIT_LEDGER_NAME = 'Deposit';

/** A tenant's credit is paid back out of this ledger at the end of a tenancy: rent money came in there. */
export const RENT_LEDGER_NAME = 'Rent';

/** 'RCT-000023' for an agency's 23rd receipt: numbers count per agency, without gaps. */
export const receiptNumber = (receiptNo: number) => `RCT-${String(receiptNo).padStart(6, '0')}`;

/** A correction: a contra entry that names the original, which stays. */
export const ReverseTransactionRequest = z.object({
  TransactionId: z.coerce
    .number({ error: REVERSAL_MESSAGES.notFound })
    .int()
    .positive(REVERSAL_MESSAGES.notFound),
  reason: z
    .string({ error: REVERSAL_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVERSAL_MESSAGES.reasonRequired)
    .max(200, REVERSAL_MESSAGES.reasonTooLong),
  managingAgentId: agentId,
});
export type ReverseTransactionRequest = z.input<typeof ReverseTransactionRequest>;
export const ReverseTransactionResponse = z.object({
  message: z.string(),
  TransactionId: z.number(),
  Reverses: z.number(),
  TenancyId: z.number(),
  RentBalance: z.number(),
});

export const LedgersQuery = z.object({ agentId });
/** A ledger, with what it has received. */
/**
 * A ledger's figures: Receipts and TotalReceived count receipts still standing
 * (reversed ones left out), PaidOut the refunds paid from it, BroughtForward
 * what it held at go-live (decision 042), Balance what it holds (TotalReceived
 * plus BroughtForward less PaidOut).
 */
export const Ledger = z.object({
  LedgerName: z.string(),
  LedgerId: z.number(),
  TotalReceived: z.number(),
  BroughtForward: z.number(),
  Receipts: z.number(),
  PaidOut: z.number(),
  Balance: z.number(),
});
export type Ledger = z.infer<typeof Ledger>;

const day = (label: string) => calendarDay(`${label} must be a date (YYYY-MM-DD)`).optional();
/** Which receipts: an agency's, optionally those taken from one day to another (Nairobi days, both included). */
const ReceiptsFilter = z.object({ agentId, from: day('From'), to: day('To') });
const fromNotAfterTo: [
  (q: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: RECEIPT_LIST_MESSAGES.rangeReversed, path: ['to'] },
];
export const ReceiptsQuery = ReceiptsFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
}).refine(...fromNotAfterTo);
/** The receipts list's filter without its paging: every receipt it matches, as CSV. */
export const ReceiptsExportQuery = ReceiptsFilter.refine(...fromNotAfterTo);
export type ReceiptsFilter = z.output<typeof ReceiptsFilter>;
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
  /** The reversal that undid this receipt, if any. */
  ReversedBy: z.number().nullable(),
});
export type Receipt = z.infer<typeof Receipt>;

export const StatementQuery = z.object({
  tenancyId: z.coerce.number().int().positive(),
  managingAgentId: agentId,
});
/** The PDF is in the tenant's preferred language unless the office asks for another. */
export const StatementPdfQuery = StatementQuery.extend({ language: Language.optional() });
/** A statement line. Balance is negative for an overpayment. */
export const StatementLine = z.object({
  TransactionId: z.number(),
  /** The receipt's number (RCT-000001) on a receipt line, else null. */
  ReceiptNo: z.string().nullable(),
  TrsAccount: z.string(),
  TransactionDate: z.string(),
  TransactionDetails: z.string(),
  Credit: z.number(),
  Debit: z.number(),
  Balance: z.number(),
  /** A receipt or a charge not yet reversed: admin roles may reverse it. */
  Reversible: z.boolean(),
  /** On a receipt: the charges it paid, oldest first, e.g. 'Rent for May 2027 5,000.00; Water for May 2027 1,800.00'. */
  AppliedTo: z.string().nullable().optional(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const InvoicingQuery = z.object({ managingAgentId: agentId, currentDate: z.string().optional() });
/** Invoicing details (docs/money.md#the-monthly-run). */
export const DueMonth = z.object({
  Month: z.string(),
  Label: z.string(),
  Tenancies: z.number(),
  Amount: z.number(),
});
export type DueMonth = z.infer<typeof DueMonth>;
export const InvoicingDetails = z.object({
  CurrentMonth: z.string(),
  /** True when nothing is left to charge for the current month (by a run or by the bookings themselves). */
  CurrentMonthInvoiceCharged: z.boolean(),
  /** Whether this month's run has been made. */
  CurrentMonthRun: z.boolean(),
  LatestInvoiceRunDate: z.string().nullable(),
  UpdatedByName: z.string().nullable(),
  /** Months not yet charged, oldest first, with the tenancies and amount each would charge. */
  Due: z.array(DueMonth),
  DueTenancies: z.number(),
  DueAmount: z.number(),
  /** The status in words: what is due, or why nothing is. */
  Status: z.string(),
  AutomaticInvoicing: z.boolean(),
  /** Whether each run sends every tenant charged an invoice (docs/decisions/027-invoices-to-tenants.md). */
  SendInvoices: z.boolean(),
  /** The first month Makazi charges ('YYYY-MM-01'); null: every month from a tenancy's first (decision 042). */
  GoLiveMonth: z.string().nullable(),
});
export type InvoicingDetails = z.infer<typeof InvoicingDetails>;

export const RunInvoicesRequest = z.object({
  managingAgentId: agentId,
  updatedBy: z.unknown().optional(),
  currentDate: z.string().optional(),
});
export const RunInvoicesResponse = z.object({
  message: z.string(),
  month: z.string(),
  /** Tenancies charged (each once, however many months). */
  charged: z.number(),
  /** The months charged, oldest first. */
  months: z.array(z.string()),
  amount: z.number(),
});

export const InvoiceRun = z.object({
  Month: z.string(),
  RunDate: z.string(),
  RunBy: z.string(),
  Charged: z.number(),
  Amount: z.number(),
  Automatic: z.boolean(),
});
export type InvoiceRun = z.infer<typeof InvoiceRun>;

export const AutomaticInvoicingRequest = z.object({ managingAgentId: agentId, automatic: z.boolean() });
export const AutomaticInvoicingResponse = z.object({ message: z.string(), automatic: z.boolean() });
export const SendInvoicesRequest = z.object({ managingAgentId: agentId, sendInvoices: z.boolean() });
export const SendInvoicesResponse = z.object({ message: z.string(), sendInvoices: z.boolean() });

export { INVOICE_MESSAGES } from './money-transactions-messages';

