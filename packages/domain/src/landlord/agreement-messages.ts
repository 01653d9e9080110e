// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const LANDLORD_MESSAGES = {
  propertyRequired: 'Choose a property',
  dateRequired: 'Enter the date the agreement applies from (YYYY-MM-DD)',
  dateInPast:
    'An agreement applies from the first of this month or a later day; earlier months stay as they were',
  stretchSettled:
    'The landlord was paid, or their tax paid to KRA, on or after that day: start the agreement after that payment; entries already posted are never rewritten',
  percentInvalid: 'Enter a commission between 0.00 and 100.00 percent, with at most 2 decimals',
  dayInvalid: 'The remittance day is a day of the month from 1 to 28',
  bankRequired: 'Enter the bank and the account number for a bank payout',
  phoneRequired: 'Enter the M-Pesa number for an M-Pesa payout',
  noAgreementsForLandlordAccount: "A landlord's own account has no management agreement",
  pinInvalid: 'A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B',
  landlordNotFound: 'Landlord not found',
  saved: 'Agreement saved',
  pinSaved: 'KRA PIN saved',
  payoutMethodRequired: 'Choose bank or M-Pesa for payouts',
  approvalAmountPositive: 'Enter an approval amount above zero',
  landlordRequired: 'Choose a landlord',
  paidOnRequired: 'Enter the date paid (YYYY-MM-DD)',
  kraReferenceRequired: 'Enter the KRA payment reference',
  zeroNotChosen:
    'Commission of 0% with no fixed fee: tick "No commission" to record that this landlord pays the agency nothing',
  noCommissionTakesNone: 'With "No commission" the commission is 0% and there is no fixed fee',
  appointmentRequired:
    "The agency withholds a landlord's tax only with KRA's written appointment: enter the appointment's date and reference",
  appointmentIncomplete: "Enter both the date and the reference of KRA's appointment, or neither",
  taxRefSaved: "The property's KRA references are saved",
  prnInvalid: 'A payment registration number (PRN) is letters and digits, at most 20',
} as const;
