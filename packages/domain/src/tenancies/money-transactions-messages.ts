// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const PAYMENT_MESSAGES = {
  ledgerRequired: 'Select ledger name',
  detailsRequired: 'PaymentDetails is required',
  amountRequired: 'PaymentAmount is required',
  amountPositive: 'Enter an amount above zero',
  success: 'Payment made successfully',
  failed: 'Something went wrong',
  keyReused: 'This payment was already recorded with different details.',
  depositAfterEnd: 'This tenancy has ended and owes no deposit. Receive the money into another ledger.',
} as const;

export const REVERSAL_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonTooLong: 'Reason is too long',
  alreadyReversed: 'This transaction has already been reversed.',
  notReversible: 'Only a receipt or a charge can be reversed.',
  notFound: 'Transaction not found',
  done: 'Transaction reversed',
  depositSpent: 'This deposit has already been applied or refunded; it cannot be reversed.',
  settled: 'This tenancy has been settled, so its entries can no longer be reversed.',
  depositChargeEnded:
    'This tenancy has ended and its deposit was settled then, so its deposit charge can no longer be reversed.',
} as const;

export const RECEIPT_LIST_MESSAGES = { rangeReversed: 'From must not be after To' } as const;

export const INVOICE_MESSAGES = {
  alreadyCharged: 'This month has already been invoiced.',
  done: (charged: number, months: string, amount: string) =>
    `Charged ${charged} ${charged === 1 ? 'tenancy' : 'tenancies'} for ${months}: ${amount}`,
  nothingDue: (month: string) => `Nothing to charge: every active tenancy is already charged up to ${month}.`,
  chargedByBookings: (month: string) =>
    `${month} is charged: each booking charged its first month, and no other month is due.`,
  invoiced: (month: string) => `${month} is invoiced.`,
  due: (tenancies: number, months: string, amount: string) =>
    `Due: ${tenancies} ${tenancies === 1 ? 'tenancy' : 'tenancies'} for ${months}, ${amount}.`,
  automaticOn: 'Automatic invoicing is on: the server runs each month at 00:05 on the 1st, Nairobi time.',
  automaticOff: 'Automatic invoicing is off.',
  invoicesOn: 'Tenants get an invoice when the run charges a month.',
  invoicesOff: 'Tenants get no invoice from the run.',
} as const;
