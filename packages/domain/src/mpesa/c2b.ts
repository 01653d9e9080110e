import { z } from 'zod';
import { parseMoney } from '../money/money';
import { MAX_ENTRY_CENTS } from './limits';
import { parseTransTime } from './trans-time';

/**
 * Daraja's C2B validation and confirmation body. Only these fields are read;
 * nothing else about the caller is trusted. TransAmount arrives as "1500.00"
 * (or a number), TransTime as YYYYMMDDHHmmss East Africa Time, MSISDN masked
 * (`2547 ***** 126`) in C2B v2.
 */
/** A lone half of a UTF-16 surrogate pair: JSON can carry one, no database text column can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when text can be stored as sent: no NUL byte, no broken Unicode. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Text kept for whoever reconciles, with what cannot be stored made visible instead. */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\\u0000').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');
}

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max).refine(isStorableText, 'contains a NUL byte or broken Unicode'));
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => v ?? '');

export const C2BCallback = z.object({
  TransactionType: optionalText(40),
  TransID: text(20)
    .pipe(z.string().regex(/^[A-Za-z0-9]{6,20}$/, 'TransID is not an M-Pesa code'))
    .transform((v) => v.toUpperCase()),
  TransTime: z.unknown().transform((v, ctx) => {
    const at = parseTransTime(v);
    if (at === null) {
      ctx.addIssue({ code: 'custom', message: 'TransTime is not YYYYMMDDHHmmss' });
      return z.NEVER;
    }
    return at;
  }),
  TransAmount: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null || cents <= 0 || cents > MAX_ENTRY_CENTS) {
      ctx.addIssue({
        code: 'custom',
        message: 'TransAmount is not an amount above zero with at most 2 decimals',
      });
      return z.NEVER;
    }
    return cents;
  }),
  BusinessShortCode: text(20).pipe(z.string().regex(/^\d{5,7}$/, 'BusinessShortCode is not a shortcode')),
  BillRefNumber: optionalText(40),
  InvoiceNumber: optionalText(40),
  OrgAccountBalance: optionalText(40),
  ThirdPartyTransID: optionalText(40),
  MSISDN: optionalText(40),
  FirstName: optionalText(60),
  MiddleName: optionalText(60),
  LastName: optionalText(60),
});
export type C2BCallback = z.output<typeof C2BCallback>;

/** Daraja's answer codes (C2B API: ResultCode on validation). */
export const C2B_RESULT = {
  accepted: { ResultCode: 0, ResultDesc: 'Accepted' },
  invalidAccount: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' },
  invalidShortcode: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
  otherError: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' },
} as const;

export const C2BAnswer = z.object({
  ResultCode: z.union([z.literal(0), z.string()]),
  ResultDesc: z.string(),
});

/** The payer's name as Daraja splits it. */
export const payerNameOf = (c: Pick<C2BCallback, 'FirstName' | 'MiddleName' | 'LastName'>) =>
  [c.FirstName, c.MiddleName, c.LastName].filter((p) => p !== '').join(' ');
