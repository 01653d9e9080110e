import { MONEY_FIGURES } from '../../money/figures';

/** A tenancy's money figures by name, the same on every screen and paper (docs/money.md#the-figures-by-name). */
export const figures = {
  ...MONEY_FIGURES,
  /** An overpayment, written as a positive amount: 'Ksh 3,000.00 in credit'. */
  inCreditAmount: '{{amount}} in credit',
};
