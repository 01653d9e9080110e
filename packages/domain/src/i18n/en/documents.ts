/** What the server writes to tenants: PDFs, SMS and emails. */
export const documents = {
  statement: {
    title: 'Statement {{tenancyId}}',
    heading: 'Tenant financial statement',
    columns: {
      date: 'Date',
      txn: 'Txn',
      receipt: 'Receipt',
      account: 'Account',
      details: 'Details',
      debit: 'Debit',
      credit: 'Credit',
      balance: 'Balance',
    },
    tenant: 'Tenant',
    tenantValue: '{{name}} (client {{clientNo}})',
    house: 'House',
    tenancy: 'Tenancy',
    tenancyFrom: '{{tenancyId}}, from {{start}}',
    tenancyFromTo: '{{tenancyId}}, from {{start}} to {{end}}',
    rent: 'Rent',
    rentValue: '{{rent}} per month',
    deposit: 'Deposit',
    depositValue: '{{held}} held, {{owed}} still owed',
    period: 'Period',
    periodValue: '{{from}} to {{to}}',
    noTransactions: 'No transactions',
    printed: 'Printed',
    balanceDue: 'Balance due: {{balance}}',
  },
  /** Under the agency's name on every paper it issues (Estate Agents Act, Cap 533). */
  agencyRegistration: {
    number: 'EARB registration no. {{earbNo}}',
    numberAndYear: 'EARB registration no. {{earbNo}} · Practising certificate {{year}}',
  },
  arrearsReminder: {
    text: '{{name}}, your balance with {{agency}} is Ksh {{balance}}. Please pay to paybill {{paybill}}, account {{account}}. Thank you.',
  },
  receipt: {
    title: 'Receipt {{receiptNo}}',
    heading: 'Official receipt',
    receipt: 'Receipt',
    date: 'Date',
    receivedFrom: 'Received from',
    house: 'House',
    paidInto: 'Paid into',
    details: 'Details',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    houseValue: '{{house}}, {{property}}',
    appliedTo: 'Paid for',
  },
  receiptNotice: {
    subject: 'Receipt {{receiptNo}}',
    text: '{{agency}}: receipt {{receiptNo}} for {{amount}} received. Balance now {{balance}}. Thank you.',
    /** The tenant owes nothing after this payment. */
    textSettled: '{{agency}}: receipt {{receiptNo}} for {{amount}} received. Nothing is owed now. Thank you.',
    /** The tenant has paid beyond what was owed: {{credit}} is the credit, a positive amount. */
    textInCredit:
      '{{agency}}: receipt {{receiptNo}} for {{amount}} received. Nothing is owed now: {{credit}} in credit. Thank you.',
  },
};
