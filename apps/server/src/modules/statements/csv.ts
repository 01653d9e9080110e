import { accountingDate, amountToCents, balanceColumns, MONEY_FIGURES, type CsvColumn, type StatementLine } from '@makazi/domain';

/**
 * A tenant's statement as the office's spreadsheet has it. The running balance
 * is two columns, owed and in credit, each zero or above: the screens' words
 * (an overpayment is "in credit", never a minus sign) and still numbers a
 * sheet can compute with.
 */
export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementLine>[] = [
  { header: 'Date', kind: 'date', value: (l) => accountingDate(new Date(l.TransactionDate)) },
  { header: 'Transaction ID', kind: 'integer', value: (l) => l.TransactionId },
  { header: 'Receipt number', kind: 'text', value: (l) => l.ReceiptNo },
  { header: 'Account', kind: 'text', value: (l) => l.TrsAccount },
  { header: 'Details', kind: 'text', value: (l) => l.TransactionDetails },
  { header: 'Debit (Ksh)', kind: 'money', value: (l) => amountToCents(l.Debit) },
  { header: 'Credit (Ksh)', kind: 'money', value: (l) => amountToCents(l.Credit) },
  { header: `${MONEY_FIGURES.balanceDue} (Ksh)`, kind: 'money', value: (l) => balanceColumns(amountToCents(l.Balance)).due },
  { header: `${MONEY_FIGURES.inCredit} (Ksh)`, kind: 'money', value: (l) => balanceColumns(amountToCents(l.Balance)).inCredit },
];
