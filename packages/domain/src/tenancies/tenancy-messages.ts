// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** The booking form's field messages, SPEC's words. */
export const BOOKING_MESSAGES = {
  idShort: 'Id is too short',
  idLong: 'Id is too Long',
  idRequired: 'Id is required',
  infoShort: 'Too short information. If unemployed indicate',
  infoLong: 'Information is too Long',
  employerRequired: 'Employer is required',
  businessRequired: 'Business is required',
} as const;

export const TENANCY_MESSAGES = {
  /** The mid-month policy, shown on the booking form (docs/money.md#booking). */
  firstMonthInFull:
    "The first month's rent is charged in full, whatever day of the month the tenancy starts. Each later month is charged on the 1st.",
  noneFound: 'No tenancies Found',
  bookOne: 'Book a tenancy',
  cannotGet: 'Error:Cannot get tenancies. check Your network and try again later',
  notManagedHere: 'Tenancy not managed here. You can only view this tenancy',
  notAllowedToTerminate: 'You are not allowed to terminate this tenancy',
  nothingToTerminate: 'No tenancy To terminante',
  sorry: 'Sorry, Something Went Wrong',
  /** Ending or settling a tenancy failed without a reason the user can act on. */
  terminateFailed: 'something went wrong',
  houseOccupied: 'This house is already occupied.',
  notProvided: 'Not Provided',
  notFound: 'Tenancy not found',
  enterId: 'Enter tenancy ID',
  validateToSearch: 'Validate to search tenancy',
  viewOnly: 'Selected tenancy can only be viewed',
  selectToPay: 'Select tenancy to pay',
  statementFailed:
    'There was an error fetching the financial statement. Check your network connection or try again later.',
  noStatement: 'No statement found',
} as const;

export const SETTLEMENT_MESSAGES = {
  refundTooLarge: 'The refund is more than the deposit held and the credit together.',
  refundDetailsRequired: 'Refund details are required',
  notEnded: 'End the tenancy before settling it.',
  applied: (amount: string) => `Deposit applied to arrears: ${amount}`,
  refunded: (amount: string) => `Deposit refunded: ${amount}`,
  creditRefunded: (amount: string) => `Credit refunded: ${amount}`,
} as const;

export const TENANCY_FILTERS = [
  'Tenant_name',
  'Tenant_ID_number',
  'PhoneNo',
  'Email',
  'Property_name',
] as const;

/** Labels as the list screen shows them (docs/screens.md#tenancies-list). */
export type TenancyFilter = (typeof TENANCY_FILTERS)[number];

export const TENANCY_FILTER_LABELS: Record<TenancyFilter, string> = {
  Tenant_name: 'Tenant Name',
  Tenant_ID_number: 'Tenant ID no',
  PhoneNo: 'Tenant Phone No',
  Email: 'Email',
  Property_name: 'Bulding Name',
};

export const TENANCY_LIST_TYPES = {
  all: 'All Tenancies',
  balances: 'Tenancies with balances',
  'ended-with-balances': 'Ended tenancies with balances',
} as const;
