import { AGENT_MESSAGES } from '../../agents/agent-messages';
import { GENERIC_FAILURE_MESSAGE } from '../../api/errors-messages';
import { OTP_MESSAGES } from '../../auth/otp-messages';
import { SIGN_IN_MESSAGES } from '../../auth/sign-in-messages';
import { SIGN_UP_MESSAGES } from '../../auth/sign-up-messages';
import { CLIENT_MESSAGES } from '../../clients/client-messages';
import { CSV_MESSAGES } from '../../csv/csv';
import { FIND_HOUSE_MESSAGES } from '../../find-house/find-house-messages';
import { HIRING_MESSAGES } from '../../hiring/hiring-messages';
import { LANDLORD_LINK_MESSAGES } from '../../landlord/links-messages';
import { PASS_THROUGH_MESSAGES } from '../../landlord/pass-through-messages';
import { MONEY_MESSAGES } from '../../money/money';
import { NOTICE_MESSAGES, UNDELIVERABLE_REASONS } from '../../notices/outbox-messages';
import { MPESA_MESSAGES } from '../../mpesa/mpesa-messages';
import { STATEMENT_PROBLEMS } from '../../mpesa/statement';
import { PROPERTY_MESSAGES } from '../../properties/property-messages';
import {
  PAYMENT_MESSAGES,
  RECEIPT_LIST_MESSAGES,
  REVERSAL_MESSAGES,
} from '../../tenancies/money-transactions-messages';
import { BOOKING_MESSAGES, SETTLEMENT_MESSAGES, TENANCY_MESSAGES } from '../../tenancies/tenancy-messages';
import { EMAIL_MESSAGES } from '../../validation/fields-messages';
import { TEXT_MESSAGES } from '../../validation/text';
import { REMINDER_MESSAGES } from '../../charges/reminders-messages';
import { WATER_MESSAGES } from '../../charges/water-messages';
import { RENT_REVIEW_MESSAGES } from '../../tenancies/rent-review-messages';
import { MAINTENANCE_MESSAGES, STK_MESSAGES } from '../../tenant-side/messages';
import { stringsOf } from '../strings-of';

/**
 * The domain's messages (validation, refusals, notices) in English, taken from
 * the tables the schemas and services use, so SPEC's wording lives once. The
 * web app and the server find a message's translation by its English text.
 */
export const messages = {
  api: {
    genericFailure: GENERIC_FAILURE_MESSAGE,
    invalidValue: 'Invalid value',
    invalidInput: 'Invalid input',
    somethingWentWrong: 'Something Went wrong. Try Again Later',
    invalidResponse: 'Invalid response data',
  },
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
  notices: NOTICE_MESSAGES,
  undeliverable: UNDELIVERABLE_REASONS,
  property: PROPERTY_MESSAGES,
  water: stringsOf(WATER_MESSAGES),
  passThrough: stringsOf(PASS_THROUGH_MESSAGES),
  reminders: stringsOf(REMINDER_MESSAGES),
  rentReviews: {
    ...stringsOf(RENT_REVIEW_MESSAGES),
    scheduled: 'Rent review saved: {{rent}} from {{month}}',
    updated: 'Rent review changed: {{rent}} from {{month}}',
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
