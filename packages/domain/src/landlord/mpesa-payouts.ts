import { z } from 'zod';
import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';

/**
 * Daraja's B2C/B2B ResultCodes the office is told about in plain words
 * (landlordMoney.mpesaPayout in the catalogue); any other shows Safaricom's own text.
 */
type ResultKey =
  | 'paid'
  | 'notEnough'
  | 'belowMinimum'
  | 'aboveMaximum'
  | 'limit'
  | 'receiverFull'
  | 'receiverBlocked'
  | 'busy'
  | 'initiator'
  | 'notAllowed'
  | 'unregistered'
  | 'timedOut';
const PAYOUT_RESULT_KEYS: Record<number, ResultKey> = {
  0: 'paid',
  1: 'notEnough',
  2: 'belowMinimum',
  3: 'aboveMaximum',
  4: 'limit',
  8: 'receiverFull',
  11: 'receiverBlocked',
  17: 'busy',
  26: 'busy',
  2001: 'initiator',
  2028: 'notAllowed',
  2040: 'unregistered',
  1037: 'timedOut',
};

/** The code Transaction Status answers, ours, for a payout M-Pesa has no record of. */
export const PAYOUT_NOT_FOUND = -1;

/** Where an M-Pesa payout stands, in the reader's language. */
export function payoutResultText(code: number | null, desc: string | null, language: Language = 'en') {
  const t = translatorFor(language);
  if (code === null) return t('landlordMoney.mpesaPayout.waiting');
  if (code === PAYOUT_NOT_FOUND) return t('landlordMoney.mpesaPayout.notFound');
  const key = PAYOUT_RESULT_KEYS[code];
  return key ? t(`landlordMoney.mpesaPayout.${key}`) : t('landlordMoney.mpesaPayout.refused', { reason: desc ?? `code ${code}` });
}

/** Banks' M-Pesa paybills, for payout details that name the bank rather than its paybill. */
const BANK_PAYBILLS: [RegExp, string][] = [
  [/equity/i, '247247'],
  [/\bkcb\b|kenya commercial/i, '522522'],
  [/co-?op/i, '400200'],
  [/ncba/i, '880100'],
  [/absa|barclays/i, '303030'],
  [/stanbic/i, '600100'],
  [/i\s*&\s*m/i, '542542'],
  [/family/i, '222111'],
  [/\bdtb\b|diamond trust/i, '516600'],
  [/standard chartered/i, '329329'],
];

/** The paybill a B2B payout goes to: the bank field's own number, or the named bank's; null when unknown. */
export function bankPaybill(bank: string): string | null {
  const digits = /^\s*(\d{5,7})\s*$/.exec(bank) ?? /\b(\d{5,7})\b/.exec(bank);
  if (digits) return digits[1]!;
  return BANK_PAYBILLS.find(([name]) => name.test(bank))?.[1] ?? null;
}

/** M-Pesa carries at most 13 characters of account reference to a bank paybill. */
export const B2B_ACCOUNT_MAX = 13;

export const SaveInitiatorRequest = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  initiatorName: z.string().trim().min(1).max(100),
  /** Generated on Daraja's portal from the initiator password and Safaricom's certificate. */
  securityCredential: z.string().trim().min(20).max(4000),
});
export type SaveInitiatorRequest = z.input<typeof SaveInitiatorRequest>;

export const MpesaPayoutView = z.object({
  RequestId: z.number(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Amount: z.number(),
  Command: z.enum(['BusinessPayment', 'BusinessPayBill']),
  PartyB: z.string(),
  AccountReference: z.string(),
  Status: z.enum(['queued', 'sending', 'pending', 'paid', 'failed']),
  TransactionId: z.string().nullable(),
  PayoutId: z.number().nullable(),
  message: z.string(),
  RequestedAt: z.string(),
});
export type MpesaPayoutView = z.infer<typeof MpesaPayoutView>;
