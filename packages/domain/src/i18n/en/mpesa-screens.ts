/** The M-Pesa screens: the unmatched queue, the paybill and Daraja settings, statement import, reconciliation. */
export const mpesa = {
  title: 'M-Pesa',
  failed: 'Something Went wrong. Try Again Later',
  loading: 'Loading',
  tabs: {
    queue: 'Unmatched payments',
    paybill: 'Paybill',
    statement: 'Statement import',
    reconciliation: 'Reconciliation',
  },
  columns: {
    code: 'M-Pesa code',
    time: 'Time',
    phone: 'Phone',
    name: 'Name',
    accountNumber: 'Account number',
    amount: 'Amount',
  },
  queue: {
    title: 'Unmatched payments',
    allMatched: 'Every M-Pesa payment is matched.',
    accountTyped: 'Account number typed',
    accountTypedValue: 'Account number typed: <b>{{value}}</b>',
    action: 'Assign or set aside',
    row: 'Payment {{code}}',
    tenancyId: 'Tenancy ID',
    assign: 'Assign',
    note: 'Note',
    notRent: 'Not rent',
    assigned: '{{message}}: {{receiptNo}}',
  },
  paybill: {
    title: 'Paybill',
    number: 'Paybill number',
    strict: 'Strict validation: refuse payments whose account number matches no tenancy',
    allowedIps: 'Allowed callback addresses',
    allowedIpsHelp: "Optional. Safaricom's callback IP addresses, separated by commas; empty accepts any.",
    save: 'Save paybill',
    rotate: 'Make new callback URLs',
    rotated: 'New callback URLs made; register them with Safaricom',
    callbackUrls: 'Callback URLs',
    ledgerIntro:
      "Payments go to the <b>{{ledger}}</b> ledger. Register these with Daraja's C2B Register URL (keep them secret):",
    validationUrl: 'Validation URL',
    confirmationUrl: 'Confirmation URL',
    accountHelp:
      'Tenants pay with their tenancy number, or the property code and house number (for example 101-A4), as the account number.',
  },
  daraja: {
    title: 'Pay now (STK Push)',
    configured:
      'Set up for shortcode {{shortcode}}, last changed {{changed}}. Enter all three secrets again to change them.',
    intro:
      'From your Daraja app (developer.safaricom.co.ke): the shortcode, passkey, consumer key and consumer secret. Tenants then pay from their link with Pay now.',
    shortcode: 'Shortcode',
    consumerKey: 'Consumer key',
    consumerSecret: 'Consumer secret',
    passkey: 'Passkey',
    save: 'Save Daraja settings',
    callback:
      'Daraja calls back at <code>{{url}}</code> (keep it secret; set PUBLIC_URL so Safaricom reaches it).',
  },
  statement: {
    label: 'Statement import',
    title: 'Import a paybill statement',
    file: 'Statement (CSV from the M-Pesa organisation portal)',
    preview: 'Preview',
    import_one: 'Import {{count}} payment',
    import_other: 'Import {{count}} payments',
    progress: 'Import progress',
    reading: 'Reading the file',
    checking: 'Checking each payment',
    checked: 'Checked: nothing is posted until you import',
    posting: 'Posting receipts',
    imported: 'Imported',
    previewLabel: 'Preview',
    summary:
      'Matched: {{matched}} ({{matchedAmount}}) · Unmatched: {{unmatched}} ({{unmatchedAmount}}) · Already recorded: {{already}} · Not money in: {{skipped}}',
    problem: 'Line {{line}} {{code}}: {{reason}}',
    outcome: 'Outcome',
    accountNumberValue: 'Account number: <b>{{value}}</b>',
    outcomeValue: 'Outcome: <b>{{value}}</b>',
    outcomes: {
      matched: 'tenancy {{id}}',
      unmatched: 'unmatched',
      alreadyRecorded: 'already recorded',
    },
    result_one:
      'Posted {{count}} receipt; {{unmatched}} payments wait in the unmatched queue; {{already}} were already recorded.',
    result_other:
      'Posted {{count}} receipts; {{unmatched}} payments wait in the unmatched queue; {{already}} were already recorded.',
  },
  reconciliation: {
    title: 'Reconciliation',
    from: 'From',
    to: 'To',
    totals: 'Totals',
    received: 'Received by M-Pesa',
    posted: 'Posted to tenancies',
    difference: 'Difference',
    counts: 'Matched · unmatched · not rent · rejected callbacks',
    balanced: 'Balanced',
    differences: 'Differences',
    receivedColumn: 'Received',
    postedColumn: 'Posted',
    why: 'Why',
    status: {
      matched: 'matched',
      unmatched: 'unmatched',
      notRent: 'not rent',
    },
    statusNote: '{{status}}: {{note}}',
  },
};

/** Words of the M-Pesa screens added since they were written in English (issue 19). */
export const mpesaScreens = {
  clearFile: 'Remove the chosen file',
};
