// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

import { formatKsh, type Cents } from '../money/money';

export const MONEY_OUT_MESSAGES = {
  amountRequired: 'Enter the amount',
  amountPositive: 'Enter an amount above zero',
  dateRequired: 'Enter the date (YYYY-MM-DD)',
  dateInFuture: 'The date may not be after today',
  payeeRequired: 'Enter who was paid',
  categoryRequired: 'Choose a category',
  reasonRequired: 'A reason is required',
  houseNotOnProperty: 'That house is not on this property',
  overBalance: (amount: Cents, balance: Cents, name: string) =>
    `The payout of ${formatKsh(amount)} is more than the ${formatKsh(balance)} owed to ${name}`,
  /** A landlord the agency is owed by (their account is short): no "more than the Ksh -4,125.00 owed". */
  nothingOwed: (shortBy: Cents, name: string) =>
    `Nothing is owed to ${name}: their account is ${formatKsh(shortBy)} short, so no payout can be made`,
  expenseOverBalance: (amount: Cents, balance: Cents, name: string) =>
    `The expense of ${formatKsh(amount)} is more than the ${formatKsh(balance)} held for ${name}`,
  expenseNotFound: 'Expense not found',
  notPosted: 'Only a posted expense can be reversed',
  alreadyReversed: 'This expense has already been reversed',
  notAwaiting: 'This expense is not waiting for approval',
  receiptType: 'A receipt is an image (JPEG, PNG, WebP) or a PDF',
  receiptTooLarge: 'A receipt may be at most 5 MB',
  noReceipt: 'This expense has no scanned receipt',
  expenseRecorded: 'Expense recorded',
  expenseAwaiting: 'Expense recorded; it waits for the landlord’s approval before it is paid',
  expenseReversed: 'Expense reversed',
  payoutRecorded: 'Payout recorded',
  runStopped: 'Not recorded: the run stopped when the database could not be reached. Run it again with the same landlords ticked; those paid are not paid twice',
  receiptSaved: 'Receipt attached',
  formKey: 'A form key is required',
  landlordRequired: 'Choose a landlord',
  methodRequired: 'Choose how the landlord was paid',
  tickOne: 'Tick at least one landlord',
  sentToMpesa: 'Sent to M-Pesa: the payout is recorded when Safaricom confirms it',
  alreadySent: 'Already sent to M-Pesa under this run; it is not sent again',
  accountTooLong: 'The bank account is longer than the 13 characters M-Pesa carries to a bank paybill: pay this landlord by hand',
  noBankPaybill: 'The bank in the payout details has no paybill we know: write the bank’s paybill number (e.g. 247247) in the agreement',
  wholeShillings: 'M-Pesa pays whole shillings: round the amount',
  confirmMismatch: 'The count or total confirmed is not what the run would pay: look at the run again',
  referenceNeeded: 'Enter the M-Pesa code or bank reference of each payout',
  initiatorSaved: 'The M-Pesa initiator is saved (sealed)',
} as const;
