/**
 * What the server answers or refuses in its own words (not a feature's
 * table): English here, SPEC's wording where SPEC has one; the catalogue
 * (`messages.answers`) holds them, so a Kiswahili reader gets them translated.
 */
export const ANSWER_MESSAGES = {
  accountCreated: 'Account created successfully',
  emailAvailable: 'Email is available',
  otpSent: 'OTP sent',
  loggedOut: 'Logged out',
  languageSaved: 'Language saved',
  propertyRegistered: 'Property registered successfully',
  houseAdded: 'House added successfully',
  houseUpdated: 'House details updated',
  tenancyBooked: 'Tenancy booked successfully',
  tenancyTerminated: 'Tenancy terminated',
  rentAboveZero: 'Rent must be above zero',
  notFound: 'Not found',
  notAuthorised: 'You are not authorised to view this page',
  receiptNotFound: 'Receipt not found',
  photoNotFound: 'Photo not found',
  paymentRequestNotFound: 'Payment request not found',
  payNowNotConfigured: 'Pay now needs DARAJA_SECRETS_KEY in the server configuration',
  payoutAmountDiffers: 'This payout was already recorded with a different amount.',
  nothingWithheld: 'Nothing was withheld for this landlord in that month',
  kraPaymentRecorded: 'The payment to KRA for this landlord and month is already recorded',
} as const;
