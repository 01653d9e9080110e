import { z } from 'zod';
import { BANK_MESSAGES, LEDGER_EXPORT_MESSAGES } from './bank-messages';
import { BANK_PRESETS } from './presets';
export { BANK_MESSAGES, BANK_ROW_PROBLEMS, LEDGER_EXPORT_MESSAGES } from './bank-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const id = z.coerce.number().int().positive();
const column = z.string().trim().max(80);

export const BankColumnsSchema = z.object({
  date: column.min(1, BANK_MESSAGES.columnRequired),
  amount: column.min(1, BANK_MESSAGES.columnRequired),
  reference: column.min(1, BANK_MESSAGES.columnRequired),
  depositorReference: column,
  narrative: column,
});

export const BankAccountsQuery = z.object({ managingAgentId: agentId });

export const SaveBankAccountRequest = z.object({
  managingAgentId: agentId,
  /** Absent: a new bank account. */
  bankAccountId: id.optional(),
  name: z.string({ error: BANK_MESSAGES.nameRequired }).trim().min(1, BANK_MESSAGES.nameRequired).max(60, BANK_MESSAGES.nameRequired),
  preset: z.enum(BANK_PRESETS, { error: BANK_MESSAGES.presetRequired }),
  /** Absent: the preset's columns. */
  columns: BankColumnsSchema.optional(),
});
export type SaveBankAccountRequest = z.infer<typeof SaveBankAccountRequest>;

export const BankAccount = z.object({
  BankAccountId: z.number(),
  Name: z.string(),
  Preset: z.enum(BANK_PRESETS),
  Columns: BankColumnsSchema,
  LedgerName: z.string(),
});
export type BankAccount = z.infer<typeof BankAccount>;

/** At most 10 MB of file: a year of a busy account's statement is a fraction of it. */
export const BANK_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The statement is sent as the file itself (the server reads it, never the browser's reading of it), as one of these. */
export const BANK_FILE_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

export const BankImportQuery = z.object({ managingAgentId: agentId, bankAccountId: id });

export const BankImportResult = z.object({
  /** False when a row could not be read: then nothing was written. */
  Imported: z.boolean(),
  Receipts: z.number(),
  Unmatched: z.number(),
  AlreadyImported: z.number(),
  Skipped: z.number(),
  ReceiptsAmount: z.number(),
  UnmatchedAmount: z.number(),
  Problems: z.array(z.object({ line: z.number(), reference: z.string(), reason: z.string() })),
});
export type BankImportResult = z.infer<typeof BankImportResult>;

export const BankDepositsQuery = z.object({ managingAgentId: agentId, bankAccountId: id });
export const BankDepositRow = z.object({
  Reference: z.string(),
  Day: z.string(),
  Amount: z.number(),
  AccountReference: z.string(),
  Status: z.enum(['matched', 'unmatched', 'not_rent']),
  TenancyId: z.number().nullable(),
  ReceiptNo: z.string().nullable(),
});
export const BankDeposits = z.array(BankDepositRow);

// The accountant's export.

export const LEDGER_EXPORT_LAYOUTS = ['general', 'quickbooks', 'xero'] as const;
const month = z.string({ error: LEDGER_EXPORT_MESSAGES.monthRequired }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, LEDGER_EXPORT_MESSAGES.monthRequired);

export const LedgerExportQuery = z.object({
  managingAgentId: agentId,
  month,
  layout: z.enum(LEDGER_EXPORT_LAYOUTS).default('general'),
});

export const ChartQuery = z.object({ managingAgentId: agentId });
export const ChartEntry = z.object({
  /** The journal's account: `tenant:rent`, `ledger:12`, `rent_income`, … */
  Key: z.string(),
  Code: z.string(),
  Name: z.string(),
  /** Xero's tax rate name for lines on this account. */
  TaxRate: z.string(),
});
export type ChartEntry = z.infer<typeof ChartEntry>;
export const Chart = z.array(ChartEntry);

const chartText = (max: number) =>
  z.string({ error: LEDGER_EXPORT_MESSAGES.codeRequired }).trim().min(1, LEDGER_EXPORT_MESSAGES.codeRequired).max(max);
export const SaveChartRequest = z.object({
  managingAgentId: agentId,
  entries: z
    .array(z.object({ Key: z.string().max(40), Code: chartText(20), Name: chartText(100), TaxRate: chartText(60) }))
    .min(1, LEDGER_EXPORT_MESSAGES.codeRequired)
    .max(200),
});
