// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const MPESA_MESSAGES = {
  shortcode: 'Enter the paybill number (5 to 7 digits)',
  ipList: 'Enter IP addresses separated by commas',
  notSet: 'Set up the paybill first',
  notFound: 'Payment not found',
  alreadyHandled: 'This payment has already been assigned or set aside.',
  noteRequired: 'A note is required',
  statementRequired: 'Choose the statement file',
  statementTooLarge: 'The statement is too large: at most 50,000 rows at a time',
  rangeRequired: 'Choose the dates',
  saved: 'Paybill saved',
  setAside: 'Payment set aside',
  code: 'Enter the M-Pesa code: 10 letters and digits, as in the SMS (for example QK12AB34CD)',
  nominatedNumber: "Enter the agency's M-Pesa phone number (07… or 01…)",
  notRegistered: 'Register the paybill for Pull Transactions first',
  darajaNotSet: 'Set up the Daraja app (Pay now settings) first',
  initiatorNotSet: "Set the initiator name and security credential in the Daraja settings first: Safaricom answers a code's status only to them",
  pullRefused: 'Safaricom did not answer the pull. Try again in a few minutes.',
  statusRefused: 'Safaricom did not take the question. Try again in a few minutes.',
  checkNotFound: 'That check was not found',
} as const;
