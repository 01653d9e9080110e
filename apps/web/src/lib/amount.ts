import { amountToCents, formatKsh, formatStatementBalance } from '@makazi/domain';

/** 15000.5 → 'Ksh 15,000.50'; a negative amount (an overpayment) keeps its sign. */
export const kshOf = (amount: number): string => formatKsh(amountToCents(amount));

/** A statement balance: a negative one in brackets without its sign. */
export const statementBalanceOf = (amount: number): string => formatStatementBalance(amountToCents(amount));
