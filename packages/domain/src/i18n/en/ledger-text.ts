import { WATER_LINE } from '../../charges/water-messages';
import { BROUGHT_FORWARD } from '../../opening-balances/messages';
import { CREDIT_APPLIED_DETAILS, DEPOSIT_ADJUSTMENT_DETAILS, DEPOSIT_SHORTFALL_DETAILS } from '../../tenancies/balance';

/**
 * The words the ledger writes on its lines (kept in English in the database):
 * account names and the details of charges, refunds and reversals, translated
 * where they are shown (screens, statement PDF, receipts).
 */
export const ledger = {
  accounts: {
    Rent: 'Rent',
    Deposit: 'Deposit',
    Penalty: 'Penalty',
    Water: 'Water',
    Garbage: 'Garbage',
    Service: 'Service',
    Security: 'Security',
  },
  charges: {
    loading: 'Loading',
    byKind: 'Balance by kind',
    open: 'Open charges, oldest first',
    openLabel: 'Open charges',
    nothingOpen: 'Nothing open: every charge is paid.',
    charge: 'Charge',
    openColumn: 'Open',
    waive: 'Waive',
    waiveTitle: 'Waive {{what}}?',
    waived: '{{message}}: {{what}}',
    failed: 'Something went wrong',
    waiveExplain: 'A contra entry takes the penalty off the balance; both stay on the statement with your reason.',
    reason: 'Reason',
    cancel: 'Cancel',
    waivePenalty: 'Waive penalty',
  },
  details: {
    deposit: 'Deposit',
    depositAdjustment: DEPOSIT_ADJUSTMENT_DETAILS,
    depositShortfall: DEPOSIT_SHORTFALL_DETAILS,
    creditApplied: CREDIT_APPLIED_DETAILS,
    rentPaidAtEnd: 'Rent paid at the end of the tenancy',
    rentFor: 'Rent for {{month}}',
    penaltyFor: 'Late-payment penalty for {{month}}',
    depositRefundPaidBack: 'Deposit refund: {{details}} ({{amount}} paid back from the deposit held)',
    depositRefund: 'Deposit refund: {{details}}',
    creditRefund: 'Credit refund: {{details}}',
    penaltyWaived: 'Penalty waived: {{reason}}',
    openingReversal: 'Reversal of opening balance: {{reason}}',
    reversalOfTransaction: 'Reversal of transaction {{id}}: {{reason}}',
    reversalOf: 'Reversal of {{receipt}}: {{reason}}',
    depositApplied: 'Deposit applied to arrears',
    payNow: 'M-Pesa Pay now',
    waterUnit: WATER_LINE.one,
    waterUnits: WATER_LINE.other,
    broughtForwardRent: BROUGHT_FORWARD.rent,
    broughtForwardWater: BROUGHT_FORWARD.water,
    broughtForwardOther: BROUGHT_FORWARD.other,
    broughtForwardCredit: BROUGHT_FORWARD.credit,
    broughtForwardDeposit: 'Balance brought forward: deposit held of {{amount}}',
    broughtForward: BROUGHT_FORWARD.landlord,
    // A recurring charge's own name: after the kinds above, which it would also match.
    broughtForwardCharge: 'Balance brought forward: {{name}}',
    chargeFor: '{{name}} for {{month}}',
  },
};
