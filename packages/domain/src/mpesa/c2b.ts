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
const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));
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
