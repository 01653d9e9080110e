import { formatKsh, type Cents } from '../money/money';

/**
 * Paying a pass-through charge onward (docs/decisions/031-pass-through-payments.md):
 * what tenants paid on a charge owed to a third party (water billed by the
 * county water company, a management company's service charge) is paid to
 * that party, per property and charge, never above what is owed onward.
 */
export const PASS_THROUGH_MESSAGES = {
  chargeRequired: 'Choose the charge paid onward',
  payeeRequired: 'Enter who was paid',
  methodRequired: 'Choose how the money was paid',
  overOwed: (amount: Cents, owed: Cents, charge: string, property: string) =>
    `The payment of ${formatKsh(amount)} is more than the ${formatKsh(owed)} owed onward for ${charge} at ${property}`,
  nothingOwed: 'Nothing is owed onward for this charge at this property',
  otherKey: 'This payment was already recorded with other details',
  recorded: 'Payment onward recorded',
  notFound: 'Payment onward not found',
  alreadyReversed: 'This payment onward has already been reversed',
  reversed: 'Payment onward reversed',
} as const;
