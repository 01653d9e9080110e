// Apart from the schemas, so the catalogues import them without zod.

import { formatKsh, type Cents } from '../money/money';

/** The agency's earned fees moved from the client account to its office account (docs/decisions/035-fee-transfers.md). */
export const FEE_TRANSFER_MESSAGES = {
  referenceRequired: 'Enter the transfer’s reference',
  overEarned: (amount: Cents, available: Cents) =>
    `The transfer of ${formatKsh(amount)} is more than the ${formatKsh(available)} of commission and fees earned and not yet taken`,
  otherKey: 'This transfer was already recorded with other details',
  recorded: 'Fees transfer recorded',
  notFound: 'Fees transfer not found',
  alreadyReversed: 'This fees transfer has already been reversed',
  reversed: 'Fees transfer reversed',
} as const;
