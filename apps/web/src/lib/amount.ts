import { amountToCents, formatKsh } from '@makazi/domain';

/** 15000.5 → 'Ksh 15,000.50'. For amounts that are not balances (rent, deposit, a receipt); balances go through useT's `balance`. */
export const kshOf = (amount: number): string => formatKsh(amountToCents(amount));
