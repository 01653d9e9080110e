import { AGENT_MESSAGES } from '../../agents/agent-messages';
import { ANSWER_MESSAGES } from '../../api/answers';
import { GENERIC_FAILURE_MESSAGE } from '../../api/errors-messages';
import { AUDIT_MESSAGES } from '../../audit/audit-messages';
import { OTP_MESSAGES } from '../../auth/otp-messages';
import { SIGN_IN_MESSAGES } from '../../auth/sign-in-messages';
import { SIGN_UP_MESSAGES } from '../../auth/sign-up-messages';
import { CLIENT_MESSAGES } from '../../clients/client-messages';
import { CSV_MESSAGES } from '../../csv/csv';
import { FIND_HOUSE_MESSAGES } from '../../find-house/find-house-messages';
import { HIRING_MESSAGES } from '../../hiring/hiring-messages';
import { LANDLORD_MESSAGES } from '../../landlord/agreement-messages';
import { LANDLORD_LINK_MESSAGES } from '../../landlord/links-messages';
import { MONEY_OUT_MESSAGES } from '../../landlord/payouts-messages';
import { CLOSED_MONTH_MESSAGES } from '../../landlord/closed-months-messages';
import { PASS_THROUGH_MESSAGES } from '../../landlord/pass-through-messages';
import { FEE_TRANSFER_MESSAGES } from '../../landlord/fee-transfer-messages';
import { ETIMS_MESSAGES } from '../../landlord/etims-messages';
import { KYC_MESSAGES } from '../../kyc/kyc-messages';
import { CLIENT_MONEY_MESSAGES } from '../../landlord/client-money-messages';
import { MONEY_MESSAGES } from '../../money/money';
import { NOTICE_MESSAGES, UNDELIVERABLE_REASONS } from '../../notices/outbox-messages';
import { BANK_MESSAGES, BANK_ROW_PROBLEMS, LEDGER_EXPORT_MESSAGES } from '../../bank/bank-messages';
import { MPESA_MESSAGES } from '../../mpesa/mpesa-messages';
import { STATEMENT_PROBLEMS } from '../../mpesa/statement';
import { PROPERTY_MESSAGES } from '../../properties/property-messages';
import {
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  RECEIPT_LIST_MESSAGES,
  REVERSAL_MESSAGES,
} from '../../tenancies/money-transactions-messages';
import { BOOKING_MESSAGES, SETTLEMENT_MESSAGES, TENANCY_MESSAGES } from '../../tenancies/tenancy-messages';
import { EMAIL_MESSAGES } from '../../validation/fields-messages';
import { TEXT_MESSAGES } from '../../validation/text';
import { CHARGE_MESSAGES } from '../../charges/charges-messages';
import { REMINDER_MESSAGES } from '../../charges/reminders-messages';
import { WATER_MESSAGES } from '../../charges/water-messages';
import { DATA_PROTECTION_MESSAGES } from '../../data-protection/data-protection-messages';
import { RENT_REVIEW_MESSAGES } from '../../tenancies/rent-review-messages';
import { MAINTENANCE_MESSAGES, STK_MESSAGES } from '../../tenant-side/messages';
import { TENANT_LINK_MESSAGES } from '../../tenant-side/tenant-link-messages';
import { OPENING_MESSAGES } from '../../opening-balances/messages';
import { BOOK_IMPORT_MESSAGES } from '../../book-import/messages';
import { stringsOf } from '../strings-of';

/**
 * The domain's messages (validation, refusals, notices) in English, taken from
 * the tables the schemas and services use, so SPEC's wording lives once. The
 * web app and the server find a message's translation by its English text.
 * A message built with values (a count, an amount, a house, a month) is here
 * as a template with placeholders, plurals as `_one`/`_other`: the function in
 * the domain's table writes the same English (i18n.test.ts holds them equal),
 * and `findMessage` reads the values back to write it in the reader's language.
 */
export const messages = {
  api: {
    genericFailure: GENERIC_FAILURE_MESSAGE,
    invalidValue: 'Invalid value',
    invalidInput: 'Invalid input',
    somethingWentWrong: 'Something Went wrong. Try Again Later',
    invalidResponse: 'Invalid response data',
  },
  answers: ANSWER_MESSAGES,
  audit: AUDIT_MESSAGES,
  agent: AGENT_MESSAGES,
  otp: OTP_MESSAGES,
  signIn: SIGN_IN_MESSAGES,
  signUp: SIGN_UP_MESSAGES,
  client: CLIENT_MESSAGES,
  csv: CSV_MESSAGES,
  findHouse: FIND_HOUSE_MESSAGES,
  hiring: {
    ...stringsOf(HIRING_MESSAGES),
    notAvailable: '{{username}} is not available for work',
    userActivated: 'User activated',
    userDeactivated: 'User deactivated',
  },
  money: MONEY_MESSAGES,
  landlordLink: LANDLORD_LINK_MESSAGES,
  mpesa: MPESA_MESSAGES,
  mpesaStatement: STATEMENT_PROBLEMS,
  bank: BANK_MESSAGES,
  bankRows: BANK_ROW_PROBLEMS,
  ledgerExport: LEDGER_EXPORT_MESSAGES,
  notices: NOTICE_MESSAGES,
  undeliverable: UNDELIVERABLE_REASONS,
  property: PROPERTY_MESSAGES,
  water: {
    ...stringsOf(WATER_MESSAGES),
    belowPrevious:
      "House {{house}}: the reading is below the previous one ({{previous}}). Mark it as a meter replacement with the new meter's start reading.",
    startRequired: 'House {{house}}: a replaced meter needs its start reading.',
    firstReading: 'House {{house}}: this meter has no earlier reading. Give its start reading.',
    startAboveReading: "House {{house}}: the new meter's start reading is above its reading.",
    confirmHigh: 'House {{house}}: {{units}} units is over three times its average ({{average}}). Confirm it to save.',
    saved_one: '{{count}} reading saved',
    saved_other: '{{count}} readings saved',
    confirmed_one: 'Water charged to {{count}} tenancy: {{amount}}',
    confirmed_other: 'Water charged to {{count}} tenancies: {{amount}}',
    csvUnknownHouse: 'Row {{row}}: no house {{house}} on this property.',
    csvBadReading: 'Row {{row}}: a reading is a whole number of units, 0 or more.',
  },
  reminders: {
    ...stringsOf(REMINDER_MESSAGES),
    queued_one: '{{count}} reminder queued',
    queued_other: '{{count}} reminders queued',
  },
  charges: {
    ...stringsOf(CHARGE_MESSAGES),
    penaltiesDone_one: 'Penalties charged to {{count}} tenancy: {{amount}}',
    penaltiesDone_other: 'Penalties charged to {{count}} tenancies: {{amount}}',
  },
  moneyOut: {
    ...stringsOf(MONEY_OUT_MESSAGES),
    overBalance: 'The payout of {{amount}} is more than the {{balance}} owed to {{name}}',
    runStopped: 'Not recorded: the run stopped when the database could not be reached. Run it again with the same landlords ticked; those paid are not paid twice',
    nothingOwed: 'Nothing is owed to {{name}}: their account is {{shortBy}} short, so no payout can be made',
    expenseOverBalance: 'The expense of {{amount}} is more than the {{balance}} held for {{name}}',
  },
  passThrough: {
    ...stringsOf(PASS_THROUGH_MESSAGES),
    overOwed: 'The payment of {{amount}} is more than the {{owed}} owed onward for {{charge}} at {{property}}',
  },
  feeTransfer: {
    ...stringsOf(FEE_TRANSFER_MESSAGES),
    overEarned: 'The transfer of {{amount}} is more than the {{available}} of commission and fees earned and not yet taken',
  },
  etims: stringsOf(ETIMS_MESSAGES),
  kyc: KYC_MESSAGES,
  clientMoney: stringsOf(CLIENT_MONEY_MESSAGES),
  landlord: LANDLORD_MESSAGES,
  tenantLink: TENANT_LINK_MESSAGES,
  invoicing: stringsOf(INVOICE_MESSAGES),
  opening: stringsOf(OPENING_MESSAGES),
  bookImport: {
    ...stringsOf(BOOK_IMPORT_MESSAGES),
    formula: 'Sheet {{sheet}}, cell {{cell}} holds a formula: paste the values instead (Paste special → Values)',
    mergedHeader: 'Sheet {{sheet}} has merged header cells: unmerge them so each column has its own header',
  },
  // Sentences only the server writes: it renders the English from here too (translatorFor('en')).
  ownerStatement: {
    noEmail: 'This landlord has no email address',
    sent: 'Statement sent to {{email}}',
  },
  rentalTax: { paid: 'Payment to KRA of {{amount}} recorded' },
  closedMonths: {
    ...stringsOf(CLOSED_MONTH_MESSAGES),
    closed: 'Month {{month}} closed for this landlord',
    amendmentPaid: 'Amendment {{no}} of MRI for {{month}} recorded as paid to KRA: {{amount}}',
    overpaid: 'Nothing is owed to KRA on an amendment of this month: {{amount}} was overpaid',
  },
  rentReviews: {
    ...stringsOf(RENT_REVIEW_MESSAGES),
    scheduled: 'Rent review saved: {{rent}} from {{month}}',
    updated: 'Rent review changed: {{rent}} from {{month}}',
  },
  dataProtection: {
    ...stringsOf(DATA_PROTECTION_MESSAGES),
    keptUntil: "The law requires this person's tenancy records to be kept until {{day}}",
  },
  stk: stringsOf(STK_MESSAGES),
  maintenance: stringsOf(MAINTENANCE_MESSAGES),
  payment: PAYMENT_MESSAGES,
  reversal: REVERSAL_MESSAGES,
  receiptList: RECEIPT_LIST_MESSAGES,
  tenancy: TENANCY_MESSAGES,
  booking: BOOKING_MESSAGES,
  settlement: {
    ...stringsOf(SETTLEMENT_MESSAGES),
    applied: 'Deposit applied to arrears: {{amount}}',
    refunded: 'Deposit refunded: {{amount}}',
    creditRefunded: 'Credit refunded: {{amount}}',
  },
  email: EMAIL_MESSAGES,
  text: TEXT_MESSAGES,
  clientEdit: {
    updated: 'Client details updated',
    registered: 'Client registered successfully',
    invalidEmail2: 'Invalid Email2',
  },
  session: {
    previousEnded: 'Previous session ended. Log in to continue.',
    detailsUpdated: 'Details updated',
  },
  propertyFields: {
    agentRequired: 'A managing agent must be chosen',
    nameRequired: 'Property name is required',
    unitsRequired: 'Rental units are required',
    unitsWhole: 'Rental units must be a whole number',
    countyRequired: 'County is required',
    townRequired: 'Town is required',
    areaRequired: 'Area/Estate is required',
    houseNumberRequired: 'House number is required',
    descriptionRequired: 'Description is required',
    rentRequired: 'Rent is required',
    depositRequired: 'Deposit is required',
  },
  validation: {
    enterEmail: 'Enter your Email',
    phoneRequired: 'Phone number is required',
    paymentKey: 'A payment key is required',
    clientNo: 'ClientNo is required',
    dates: 'Dates are written YYYY-MM-DD',
    enterAmount: 'Enter an amount',
    amountDecimals: 'Enter an amount with at most 2 decimals',
    digitsOnly: 'Enter digits only',
    idLength: 'Id must be 6 to 8 digits',
    idDigits: 'Id number must be digits',
    kraLong: 'Kra pin is too long',
    nameShort: 'Name is too short',
    nextOfKin: 'Next of kin name is required',
    paymentDetailsLong: 'Payment details are too long',
    refundAmount: 'Refund amount is required',
    refundDetailsLong: 'Refund details are too long',
    houseReady: 'Say whether the house is ready',
    publish: 'Say whether to publish',
    tooLong: 'Too long',
    tooManyUnits: 'Too many rental units',
  },
  users: { noInformation: 'No information found. Something went wrong.' },
  password: {
    required: 'Password is required',
    tooShort: 'password too short',
    tooLong: 'Password is too long',
    confirm: 'Confirm password',
    mismatch: 'Passwords do not match',
  },
  fields: {
    phoneRequired: 'Phone No is required',
    phoneInvalid: 'Please enter valid phone number',
    nameRequired: 'Name is required',
    nameTooLong: 'Name is too long',
  },
};
