// Apart from the schemas, so the catalogues import them without zod.

/** The client accounts and their reconciliation with the books (docs/decisions/043-client-money.md). */
export const CLIENT_MONEY_MESSAGES = {
  nameRequired: 'Enter the account’s name',
  numberRequired: 'Enter the account number or paybill number',
  kindRequired: 'Choose bank or paybill',
  accountSaved: 'Client account saved',
  accountNotFound: 'Client account not found',
  lastAccount: 'The agency must keep at least one client account in use',
  noAccounts: 'Add the agency’s client account before reconciling',
  balanceMissing: 'Enter the statement balance of every client account in use',
  balanceTwice: 'Each client account’s balance is entered once',
  accountNotInUse: 'That client account is not one of the agency’s accounts in use',
  itemKindRequired: 'Choose what the reconciling item is',
  itemNoteRequired: 'Say what the reconciling item is',
  dayRequired: 'Enter the day (YYYY-MM-DD)',
  dayInFuture: 'The day may not be after today',
  periodBackwards: 'The end of the period may not be before its start',
  periodTooLong: 'A practice year is at most 366 days',
  recorded: 'Reconciliation recorded',
  otherKey: 'This reconciliation was already recorded with other details',
} as const;
