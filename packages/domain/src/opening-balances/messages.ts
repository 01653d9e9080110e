// Apart from the schemas, so the catalogues import them without zod.

/** Moving in: the go-live month and the opening balances (docs/decisions/042-go-live-and-opening-balances.md). */
export const OPENING_MESSAGES = {
  monthInvalid: 'Choose a month (YYYY-MM)',
  goLiveSaved: 'Go-live month saved',
  goLiveCleared: 'Go-live month cleared: every month is charged as before',
  beforeGoLive: 'This month is before the go-live month: Makazi does not charge it',
  goLiveLocked: 'Opening balances are entered at this go-live: reverse them before changing it',
  noGoLive: 'Set the go-live month first: opening balances are dated at go-live',
  amountRequired: 'Enter an amount',
  nothingToEnter: 'Enter at least one amount above zero',
  rentAndCredit: 'A tenancy cannot both owe rent and hold credit at go-live: enter the difference',
  tenancyTwice: 'A tenancy is listed twice',
  landlordTwice: 'A landlord is listed twice',
  houseTwice: 'A house is listed twice',
  tenancyNotFound: 'Tenancy not found',
  tenancyEnded: 'Opening balances are entered for active tenancies only',
  chargeNotOfProperty: "The service charge is not one of the property's recurring charges",
  tenancyAlreadyEntered: 'This tenancy already has opening balances: reverse them first to enter them again',
  landlordNotFound: 'Landlord not found',
  landlordAlreadyEntered: 'This landlord already has an opening balance: reverse it first to enter it again',
  houseNotFound: 'House not found',
  meterReadSince: 'A reading is already saved for the go-live month or later: the last reading before go-live can no longer change',
  monthClosed: "The landlord's go-live month is closed: its opening balances can no longer be entered or reversed",
  nothingToReverse: 'There are no opening balances to reverse',
  reasonRequired: 'Give a reason',
  entered: 'Opening balances entered',
  reversed: 'Opening balances reversed',
  metersSaved: 'Last meter readings saved',
} as const;

/** The details the journal writes on opening entries (English in the database, translated where shown: ledger-text). */
export const BROUGHT_FORWARD = {
  rent: 'Balance brought forward: rent',
  water: 'Balance brought forward: water',
  other: 'Balance brought forward: other charges',
  deposit: (amount: string) => `Balance brought forward: deposit held of ${amount}`,
  credit: 'Balance brought forward: credit held',
  charge: (name: string) => `Balance brought forward: ${name}`,
  landlord: 'Balance brought forward',
} as const;
