import { accountingDate, amountToCents, type CsvColumn, type StatementLine } from '@makazi/domain';

/**
 * A tenant's statement as the office's spreadsheet has it. The balance keeps
 * its sign (an overpayment is negative) so the sheet can sum it; the screen's
 * brackets are for reading, not computing.
 */
export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementLine>[] = [
  { header: 'Date', kind: 'date', value: (l) => accountingDate(new Date(l.TransactionDate)) },
  { header: 'Transaction ID', kind: 'integer', value: (l) => l.TransactionId },
  { header: 'Receipt number', kind: 'text', value: (l) => l.ReceiptNo },
  { header: 'Account', kind: 'text', value: (l) => l.TrsAccount },
  { header: 'Details', kind: 'text', value: (l) => l.TransactionDetails },
  { header: 'Debit (Ksh)', kind: 'money', value: (l) => amountToCents(l.Debit) },
  { header: 'Credit (Ksh)', kind: 'money', value: (l) => amountToCents(l.Credit) },
  { header: 'Balance (Ksh)', kind: 'money', value: (l) => amountToCents(l.Balance) },
];
