import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { MPESA_MESSAGES } from './mpesa-messages';
export { MPESA_MESSAGES } from './mpesa-messages';

export const MPESA_LEDGER_NAME = 'Mpesa';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)$/;

export const PaybillQuery = z.object({ managingAgentId: agentId });

export const SavePaybillRequest = z.object({
  managingAgentId: agentId,
  shortcode: z
    .string({ error: MPESA_MESSAGES.shortcode })
    .trim()
    .regex(/^\d{5,7}$/, MPESA_MESSAGES.shortcode),
  strictValidation: z.boolean().default(false),
  /** Empty: callbacks from any address. Otherwise only these (Safaricom publishes its callback addresses). */
  allowedIps: z
    .string()
    .max(1000)
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter((ip) => ip !== ''))
    .refine((ips) => ips.every((ip) => IP.test(ip)), MPESA_MESSAGES.ipList),
});
export type SavePaybillRequest = z.input<typeof SavePaybillRequest>;

export const Paybill = z.object({
  configured: z.boolean(),
  shortcode: z.string(),
  strictValidation: z.boolean(),
  allowedIps: z.string(),
  ledgerName: z.string(),
  /** Paths under the app's origin: register origin + these with Daraja. */
  validationPath: z.string(),
  confirmationPath: z.string(),
});
export type Paybill = z.infer<typeof Paybill>;

export const PAYMENT_STATUSES = ['matched', 'unmatched', 'not_rent'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const UnmatchedQuery = z.object({ managingAgentId: agentId });
export const MpesaPayment = z.object({
  PaymentId: z.number(),
  TransID: z.string(),
  TransTime: z.string(),
  Amount: z.number(),
  AccountNumber: z.string(),
  Phone: z.string(),
  Name: z.string(),
  /** `bank`: a bank deposit no tenancy matched (decision 053); PaymentId is then the deposit's. */
  Source: z.enum(['callback', 'import', 'stk', 'pull', 'bank']),
});
export type MpesaPayment = z.infer<typeof MpesaPayment>;

/** Which table a queued payment's id is of: M-Pesa's payments, or bank deposits. */
const queueSource = z.enum(['mpesa', 'bank']).default('mpesa');

export const AssignPaymentRequest = z.object({
  managingAgentId: agentId,
  paymentId: z.coerce.number().int().positive(MPESA_MESSAGES.notFound),
  source: queueSource,
  tenancyId: z.coerce.number({ error: 'Select tenancy to pay' }).int().positive('Select tenancy to pay'),
});
export const AssignPaymentResponse = z.object({
  message: z.string(),
  receiptNo: z.string(),
  TransactionId: z.number(),
  RentBalance: z.number(),
});

export const NotRentRequest = z.object({
  managingAgentId: agentId,
  paymentId: z.coerce.number().int().positive(MPESA_MESSAGES.notFound),
  source: queueSource,
  note: z.string({ error: MPESA_MESSAGES.noteRequired }).trim().min(1, MPESA_MESSAGES.noteRequired).max(200),
});
export const NotRentResponse = z.object({ message: z.string() });

/** Rows of the statement file as the browser split them (`parseCsv`): a header row, then one row per transaction. */
export const StatementRequest = z.object({
  managingAgentId: agentId,
  rows: z
    .array(z.array(z.string().max(500)).max(40), { error: MPESA_MESSAGES.statementRequired })
    .min(1, MPESA_MESSAGES.statementRequired)
    .max(60_000, MPESA_MESSAGES.statementTooLarge),
});
export const StatementRow = z.object({
  TransID: z.string(),
  TransTime: z.string(),
  Amount: z.number(),
  AccountNumber: z.string(),
  Name: z.string(),
  Outcome: z.enum(['matched', 'unmatched', 'already recorded']),
  TenancyId: z.number().nullable(),
});
export const StatementSummary = z.object({
  Matched: z.number(),
  Unmatched: z.number(),
  AlreadyRecorded: z.number(),
  MatchedAmount: z.number(),
  UnmatchedAmount: z.number(),
  Skipped: z.number(),
  Problems: z.array(z.object({ line: z.number(), receiptNo: z.string(), reason: z.string() })),
  /** The first rows, for the preview table. */
  Rows: z.array(StatementRow),
});
export type StatementSummary = z.infer<typeof StatementSummary>;

const day = calendarDay(MPESA_MESSAGES.rangeRequired);
export const ReconciliationQuery = z.object({ managingAgentId: agentId, from: day, to: day });
export const Reconciliation = z.object({
  Received: z.number(),
  Posted: z.number(),
  Difference: z.number(),
  Matched: z.number(),
  Unmatched: z.number(),
  NotRent: z.number(),
  Rejected: z.number(),
  Differences: z.array(
    z.object({
      TransID: z.string(),
      TransTime: z.string(),
      Amount: z.number(),
      Posted: z.number(),
      Status: z.string(),
      Note: z.string(),
    }),
  ),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const StatementImportResult = z.object({
  Posted: z.number(),
  Unmatched: z.number(),
  AlreadyRecorded: z.number(),
  Skipped: z.number(),
  Problems: z.number(),
});
export type StatementImportResult = z.infer<typeof StatementImportResult>;
