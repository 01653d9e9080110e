import { formatKsh, formatStatementBalance, parseMoney, type Cents } from '@makazi/domain';

/**
 * The API answers amounts as Ksh numbers with two decimals (15000.5); the
 * domain formats cents. The conversion goes through the amount's two-decimal
 * text, so no float multiplication decides a cent.
 */
export function amountToCents(amount: number): Cents {
  const cents = parseMoney(Math.abs(amount).toFixed(2));
  if (cents === null) throw new RangeError(`Not an amount: ${amount}`);
  return amount < 0 ? -cents : cents;
}

/** 15000.5 → 'Ksh 15,000.50'; a negative amount (an overpayment) keeps its sign. */
export const kshOf = (amount: number): string => formatKsh(amountToCents(amount));

/** A statement balance: a negative one in brackets without its sign. */
export const statementBalanceOf = (amount: number): string => formatStatementBalance(amountToCents(amount));
