import { accountingDate, amountToCents, type CsvColumn, type Receipt } from '@makazi/domain';

/** The receipts list as the office's spreadsheet has it, newest first. */
export const RECEIPT_CSV_COLUMNS: CsvColumn<Receipt>[] = [
  { header: 'Receipt number', kind: 'text', value: (r) => r.receiptNo },
  { header: 'Date', kind: 'date', value: (r) => accountingDate(new Date(r.TransactionDate)) },
  { header: 'Tenancy ID', kind: 'integer', value: (r) => r.TenancyId },
  { header: 'Tenant name', kind: 'text', value: (r) => r.Tenant_name },
  { header: 'Property', kind: 'text', value: (r) => r.Property_name },
  { header: 'House number', kind: 'text', value: (r) => r.House_number },
  { header: 'Ledger', kind: 'text', value: (r) => r.LedgerName },
  { header: 'Details', kind: 'text', value: (r) => r.Details },
  { header: 'Amount (Ksh)', kind: 'money', value: (r) => amountToCents(r.Amount) },
  { header: 'Received by', kind: 'text', value: (r) => r.ReceivedBy },
  { header: 'Transaction ID', kind: 'integer', value: (r) => r.TransactionId },
  { header: 'Reversed by transaction', kind: 'integer', value: (r) => r.ReversedBy },
];
