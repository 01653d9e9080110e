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
} as const;
