// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** Rent reviews (docs/decisions/026-rent-reviews.md): the API's words, English as SPEC keeps them. */
export const RENT_REVIEW_MESSAGES = {
  tenancyRequired: 'Tenancy not found',
  reviewNotFound: 'Rent review not found',
  dateRequired: 'Enter the review date as dd/mm/yyyy',
  basis: 'Give either a percentage or an amount',
  percent: 'The percentage must be above 0 and at most 100, with at most 2 decimals',
  amountPositive: 'Enter an amount above zero',
  beforeStart: 'A review cannot take effect before the tenancy starts.',
  alreadyCharged: 'The rent for that month is already charged; choose a later date.',
  monthTaken: 'This tenancy already has a rent review taking effect that month.',
  ended: 'This tenancy has ended: its rent can no longer be reviewed.',
  tooLarge: 'The new rent would be above the largest amount allowed.',
  notEditable: 'This review has taken effect or was cancelled; it can no longer be changed.',
  scheduled: (rent: string, month: string) => `Rent review saved: ${rent} from ${month}`,
  updated: (rent: string, month: string) => `Rent review changed: ${rent} from ${month}`,
  cancelled: 'Rent review cancelled',
} as const;
