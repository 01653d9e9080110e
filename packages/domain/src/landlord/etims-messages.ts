// Apart from the schemas, so the catalogues import them without zod.

/**
 * eTIMS through KRA's OSCU API (docs/decisions/060-etims-oscu.md): the
 * refusals, and each send's trouble in plain words for the queue screen.
 */
export const ETIMS_MESSAGES = {
  notConfigured: 'eTIMS is not set up on this server: ask the administrator to set DARAJA_SECRETS_KEY',
  pinInvalid: 'Enter the KRA PIN as KRA writes it: a letter, nine digits, a letter',
  branchInvalid: 'Enter the branch as two digits, 00 for the head office',
  serialRequired: 'Enter the device serial number KRA gave when it approved the OSCU',
  noAgencyDevice: 'Initialise the agency’s own eTIMS device first',
  initUnreachable: 'KRA’s eTIMS could not be reached; nothing was saved. Try again in a few minutes',
  initRefused: 'KRA refused the device: check the PIN, branch and serial number on the eTIMS portal',
  initialised: 'eTIMS device initialised',
  invoiceNotFound: 'eTIMS invoice not found',
  notSent: 'Only an invoice KRA has accepted can be credited',
  alreadyCredited: 'This invoice already has a credit note',
  creditQueued: 'Credit note queued for KRA',
  monthInvalid: 'Choose a month',
  feeInvoicesQueued: 'Fee invoices queued for KRA',
  rentInvoicesQueued: 'Rent invoices queued for KRA',
  // A send's trouble, kept on its row and shown on the queue screen.
  unreachable: 'KRA’s eTIMS did not answer; it is tried again by itself, less often the longer KRA is down',
  overlapped: 'KRA already holds this invoice number from this device, and its answer was lost: find the invoice on the eTIMS portal',
  deviceInvalid: 'KRA does not know this device any more: initialise it again',
  parameterError: 'KRA refused the invoice’s details; the message from KRA is shown beside it',
  refused: 'KRA refused the invoice; the message from KRA is shown beside it',
} as const;

/** Which plain-words message a send's trouble is shown with. */
export type EtimsErrorKey = 'unreachable' | 'overlapped' | 'deviceInvalid' | 'parameterError' | 'refused';
