/** Business constants and limits (docs/validation.md#constants), in one place for both apps. */
export const LIMITS = {
  passwordMin: 6,
  agentNameMin: 3,
  agentNameMax: 20,
  addressMin: 6,
  addressMax: 20,
  idNumberMin: 6,
  idNumberMax: 8,
  employerMin: 6,
  employerMax: 20,
  nextOfKinNameMin: 4,
  phoneDigits: 10,
  declineReasonMax: 150,
  moneyDecimals: 2,
  /** Ksh 100,000,000.00: the most one entry may be. Far below where sums of cents could lose a cent. */
  maxAmountCents: 10_000_000_000,
  otpLength: 6,
  clientSearchMaxRows: 4,
} as const;

/** Seconds of resend wait per minute of a one-time code's validity (docs/validation.md#timings). */
export const OTP_RESEND_SECONDS_PER_MINUTE = 61;

export const MESSAGE_TIMEOUTS_MS = {
  fetchingError: 10_000,
  customError: 5_000,
  formFailure: 4_000,
} as const;

export const LOGIN_STATUS = { ACTIVE: 1, INACTIVE: 0 } as const;
export const AVAILABLE_FOR_WORK = { AVAILABLE: 1, NOT_AVAILABLE: 0 } as const;
export const ACCOUNT_SELF = { LANDLORD: 1, AGENCY: 0 } as const;
export const HOUSE_READINESS = { YES: 0, NO: 2 } as const;
export const MONEY_TRANSACTION_TABS = { receipts: 'rct', payments: 'pymnt', invoicing: 'inv' } as const;
export const CURRENCY = 'Ksh';
/** Accounting months are the agency's calendar months in this zone (docs/money.md#the-month). */
export const ACCOUNTING_TIME_ZONE = 'Africa/Nairobi';
