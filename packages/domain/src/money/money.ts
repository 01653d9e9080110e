import { CURRENCY, LIMITS } from '../constants/limits';

/**
 * Money is integer cents everywhere (docs/money.md#amounts): parsed once from what a
 * person types, formatted once for what they read. No floating point.
 */
export type Cents = number;

export const MONEY_MESSAGES = {
  tooLarge: `An amount may be at most ${CURRENCY} 100,000,000.00`,
} as const;

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

/** '15,000.50' → 1500050; null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseMoney(input: string | number): Cents | null {
  const text = String(input).replace(/,/g, '').trim();
  if (!MONEY_TEXT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 1500050 → '15,000.50' (negative as '-15,000.50'). */
export function formatAmount(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1500050 → '15000.50', -120000 → '-1200.00': no separators, for a spreadsheet to compute with. */
export function formatPlainAmount(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1500050 → 'Ksh 15,000.50'. */
export function formatKsh(cents: Cents): string {
  return `${CURRENCY} ${formatAmount(cents)}`;
}

/**
 * A Ksh amount as the API answers it (15000.5) to cents. It goes through the
 * amount's two-decimal text, so no float multiplication decides a cent.
 */
export function amountToCents(amount: number): Cents {
  const cents = parseMoney(Math.abs(amount).toFixed(2));
  if (cents === null) throw new RangeError(`Not an amount: ${amount}`);
  return amount < 0 ? -cents : cents;
}

/** Cents as the decimal number the API answers with (two decimals, exact for amounts we hold). */
export function centsToAmount(cents: Cents): number {
  return cents / 100;
}

/**
 * Money input (docs/validation.md#money-input), applied as a person types: only digits and a point,
 * a doubled point collapsed, at most two decimals, thousands separators in the
 * whole part; empty stays empty.
 */
export function formatMoneyInput(raw: string): string {
  let text = raw.replace(/[^\d.]/g, '').replace(/\.{2,}/g, '.');
  const point = text.indexOf('.');
  if (point !== -1) {
    // Only the first point counts; later ones are dropped.
    text = text.slice(0, point + 1) + text.slice(point + 1).replace(/\./g, '');
  }
  if (text === '') return '';
  const [whole = '', fraction] = text.split('.');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped || '0'}.${fraction.slice(0, LIMITS.moneyDecimals)}`;
}

/** What the API takes from a money field: digits and the point only. */
export function stripMoneyInput(formatted: string): string {
  return formatted.replace(/[^\d.]/g, '');
}
