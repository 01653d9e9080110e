// The bank statement import's and the accountant's export's refusals, apart
// from the schemas: the catalogues import these without taking zod.

export const BANK_MESSAGES = {
  nameRequired: 'Enter a name for the bank account',
  presetRequired: 'Choose the bank',
  columnRequired: 'Name the column for the date, the amount and the bank reference',
  accountNotFound: 'Bank account not found',
  nameTaken: 'The agency already has a bank account with this name',
  fileRequired: 'Choose the bank statement file (.csv or .xlsx)',
  fileTooLarge: 'The file is too large: at most 10 MB',
  notSpreadsheet: 'This file is neither a CSV nor an Excel workbook (.xlsx)',
  unreadableWorkbook: 'The workbook cannot be read: save it again as .xlsx without a password',
  tooManyRows: 'The statement is too large: at most 50,000 rows at a time',
  noHeader: 'No header row with the mapped date, amount and reference columns was found',
  noDeposits: 'The file holds no money-in rows',
  badRows: 'Some rows cannot be read; nothing was imported. Mend them and import the file again.',
  saved: 'Bank account saved',
} as const;

/** Why a money-in row of a bank statement cannot be read (line numbers count from 1). */
export const BANK_ROW_PROBLEMS = {
  notDate: 'The date is not a DD/MM/YYYY date',
  notAmount: 'The amount is not an amount in shillings',
  noReference: 'The row has no bank reference',
  twice: 'The bank reference appears twice in the file',
  moreCells: 'The row has more cells than the header: put an amount with a comma in quotes ("5,000.00")',
} as const;

export const LEDGER_EXPORT_MESSAGES = {
  monthRequired: 'Choose the month (YYYY-MM)',
  codeRequired: 'Every account needs a code and a name',
  unknownAccount: 'There is no such account in the journal',
  saved: 'Chart of accounts saved',
} as const;
