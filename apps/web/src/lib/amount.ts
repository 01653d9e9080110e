import { amountToCents, formatBalance, formatKsh, formatRunningBalance } from '@makazi/domain';

/** 15000.5 → 'Ksh 15,000.50'. For amounts that are not balances (rent, deposit, a receipt). */
export const kshOf = (amount: number): string => formatKsh(amountToCents(amount));

/** A balance as every screen writes it: 'Ksh 3,000.00 in credit' for an overpayment, never a minus sign. */
export const balanceOf = (amount: number): string => formatBalance(amountToCents(amount));

/** A statement's running balance: the same words as balanceOf, without the currency. */
export const runningBalanceOf = (amount: number): string => formatRunningBalance(amountToCents(amount));
