/**
 * The columns of a bank statement export, by header name (matched ignoring
 * case and repeated spaces). `date`, `amount` (money in) and `reference` (the
 * bank's own reference for the transaction, unique in the account) are
 * required; the account reference the tenant gave is read from `depositorReference`
 * when the bank has such a column, otherwise from `narrative`.
 */
export interface BankColumns {
  date: string;
  amount: string;
  reference: string;
  depositorReference: string;
  narrative: string;
}

export const BANK_PRESETS = ['equity', 'kcb', 'coop', 'ncba', 'other'] as const;
export type BankPreset = (typeof BANK_PRESETS)[number];

/**
 * What each bank's account statement export looks like, as the facts we hold
 * on them say (issue 35): one row per transaction, dates DD/MM/YYYY, amounts
 * "KShs 1,234.00" (or plain "1,234.00"), money in and money out in separate
 * columns, the bank's reference for the transaction and the depositor's
 * reference or a narrative. The header names below are what each export's
 * header row calls those columns; a file whose headers differ is mapped once
 * on its bank account, and that mapping is used from then on.
 */
export const BANK_PRESET_COLUMNS: Record<BankPreset, BankColumns> = {
  // Equity Bank (EazzyBiz / Equity Online "Account statement" CSV): Transaction Date, Value Date, Narrative,
  // Transaction Reference, Debit, Credit, Running Balance. A deposit to Equity's paybill 247247 carries
  // "<account>#<reference>" in the Narrative; the part after "#" is the tenant's account reference.
  equity: { date: 'Transaction Date', amount: 'Credit', reference: 'Transaction Reference', depositorReference: '', narrative: 'Narrative' },
  // KCB (KCB iBank statement export): Transaction Date, Value Date, Transaction Details, Bank Reference,
  // Customer Reference, Money Out, Money In, Ledger Balance.
  kcb: { date: 'Transaction Date', amount: 'Money In', reference: 'Bank Reference', depositorReference: 'Customer Reference', narrative: 'Transaction Details' },
  // Co-operative Bank (Co-op Kwame / corporate online statement): Transaction Date, Value Date, Narration,
  // Reference No, Debit Amount, Credit Amount, Balance.
  coop: { date: 'Transaction Date', amount: 'Credit Amount', reference: 'Reference No', depositorReference: '', narrative: 'Narration' },
  // NCBA (NCBA online banking statement): Transaction Date, Value Date, Description, Reference,
  // Depositor Reference, Withdrawals, Deposits, Balance.
  ncba: { date: 'Transaction Date', amount: 'Deposits', reference: 'Reference', depositorReference: 'Depositor Reference', narrative: 'Description' },
  // Another bank: the agency names the columns itself; these are the commonest headers.
  other: { date: 'Date', amount: 'Credit', reference: 'Reference', depositorReference: '', narrative: 'Narrative' },
};
