/** Pay now's messages, apart from stk.ts so the catalogue can hold them without importing the translator. */
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
