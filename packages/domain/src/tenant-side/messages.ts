/**
 * The tenant side's refusals and notices, kept apart from the schemas (which
 * use the translator) so the messages catalogue can hold them without an import cycle.
 */
export const STK_MESSAGES = {
  phone: 'Enter the M-Pesa phone number, e.g. 0712345678',
  amount: 'Enter a whole number of shillings from 1 to 250,000',
  notSet: 'Pay now is not set up for this agency',
  sent: 'Check your phone and enter your M-Pesa PIN',
  darajaDown: 'M-Pesa did not take the request. Try again in a minute.',
  saved: 'Daraja settings saved',
  shortcode: 'Enter the shortcode (5 to 7 digits)',
  required: 'This field is required',
  ended: 'This tenancy has ended and nothing is owed',
} as const;

export const MAINTENANCE_MESSAGES = {
  category: 'Choose what kind of problem it is',
  description: 'Describe the problem',
  tooManyPhotos: 'At most 3 photos',
  photoTooLarge: 'Each photo may be at most 5 MB',
  notImage: 'Photos must be JPEG, PNG, WebP or GIF pictures',
  notFound: 'Request not found',
  comment: 'Write a comment',
  assignee: 'Choose a hired user or name a contractor',
  reported: 'Thank you. The office has your request.',
  photosClosed: 'Photos can be added only to a new request, within an hour of reporting it',
  alreadyExpense: 'This repair’s cost is already recorded as an expense',
} as const;
