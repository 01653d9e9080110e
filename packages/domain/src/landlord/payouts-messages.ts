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
} as const;
