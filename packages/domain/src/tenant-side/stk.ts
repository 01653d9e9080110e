import { z } from 'zod';
import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';
import { STK_MESSAGES } from './messages';


/** M-Pesa's ceiling for one payment. */
export const STK_MAX_SHILLINGS = 250_000;

/** What a ResultCode means to the person who was paying, in plain words. */
/** Daraja's ResultCodes the tenant is told about in plain words (tenantPage.stk in the catalogue). */
const STK_RESULT_KEYS: Record<number, 'paid' | 'notEnough' | 'busy' | 'expired' | 'notSent' | 'cancelled' | 'noAnswer' | 'wrongPin'> = {
  0: 'paid',
  1: 'notEnough',
  1001: 'busy',
  1019: 'expired',
  1025: 'notSent',
  1032: 'cancelled',
  1037: 'noAnswer',
  2001: 'wrongPin',
};

/** Where a Pay now request stands, in the tenant's language. */
export function stkResultText(code: number | null, desc: string | null, language: Language = 'en') {
  const t = translatorFor(language);
  if (code === null) return t('tenantPage.stk.waiting');
  const key = STK_RESULT_KEYS[code];
  return key ? t(`tenantPage.stk.${key}`) : t('tenantPage.stk.refused', { reason: desc ?? `code ${code}` });
}

/** 0712345678, 712345678, +254712345678, 254712345678 → 254712345678 (Daraja's PartyA); null otherwise. */
export function mpesaPhone(input: string): string | null {
  const digits = input.replace(/[\s+-]/g, '');
  const m = /^(?:254|0)?([17]\d{8})$/.exec(digits);
  return m ? `254${m[1]}` : null;
}

const phone = z
  .string({ error: STK_MESSAGES.phone })
  .transform(
    (v, ctx) => mpesaPhone(v) ?? (ctx.addIssue({ code: 'custom', message: STK_MESSAGES.phone }), z.NEVER),
  );
const shillings = z.coerce
  .number({ error: STK_MESSAGES.amount })
  .int(STK_MESSAGES.amount)
  .min(1, STK_MESSAGES.amount)
  .max(STK_MAX_SHILLINGS, STK_MESSAGES.amount);

/** The tenant's Pay now form (whole shillings: M-Pesa takes no cents). */
export const PayNowRequest = z.object({ amount: shillings, phone });
export type PayNowRequest = z.input<typeof PayNowRequest>;

/** The office asks the tenant's phone for a payment. */
export const OfficePaymentRequest = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  tenancyId: z.coerce.number().int().positive(),
  amount: shillings,
  phone,
});
export type OfficePaymentRequest = z.input<typeof OfficePaymentRequest>;

export const StkRequestView = z.object({
  requestId: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  amount: z.number(),
  message: z.string(),
  receipt: z.string().nullable(),
  requestedAt: z.string(),
});
export type StkRequestView = z.infer<typeof StkRequestView>;

const secret = z.string({ error: STK_MESSAGES.required }).trim().min(1, STK_MESSAGES.required).max(500);

export const SaveDarajaRequest = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  shortcode: z
    .string({ error: STK_MESSAGES.shortcode })
    .trim()
    .regex(/^\d{5,7}$/, STK_MESSAGES.shortcode),
  consumerKey: secret,
  consumerSecret: secret,
  passkey: secret,
  /**
   * The initiator Safaricom answers Transaction Status (and payouts) to, and its
   * SecurityCredential (the password encrypted with Safaricom's certificate).
   * Left out, the initiator saved before is kept.
   */
  initiatorName: z.string().trim().max(100).optional(),
  securityCredential: z.string().trim().max(2000).optional(),
});
export type SaveDarajaRequest = z.input<typeof SaveDarajaRequest>;

/** The settings as the office sees them: never a secret, only whether they are set. */
export const DarajaSettings = z.object({
  configured: z.boolean(),
  shortcode: z.string(),
  callbackPath: z.string(),
  updatedAt: z.string().nullable(),
  /** Whether an initiator is set, so a code's status can be asked. */
  initiator: z.boolean(),
});
export type DarajaSettings = z.infer<typeof DarajaSettings>;

/** Daraja's STK callback, as far as Makazi reads it. */
export const StkCallback = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({
          Item: z.array(z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() })),
        })
        .optional(),
    }),
  }),
});
export type StkCallback = z.infer<typeof StkCallback>;
