import { z } from 'zod';

/** Why a receipt notice is not tried again: shown on the notices screen as the provider's or our reason. */
export const UNDELIVERABLE_REASONS = {
  badNumber: 'The phone number cannot receive SMS',
  badEmail: 'The email address is not a valid address',
  refused: 'The provider refused it for good',
} as const;

export const NOTICE_STATES = ['waiting', 'failed'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** One receipt notice not yet sent, as the agency's admin sees it. */
export const OutboxNotice = z.object({
  noticeId: z.number().int(),
  state: z.enum(NOTICE_STATES),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  /** Empty, with no amount, for a text that is not a receipt (a tenant's link, a repair's status). */
  receiptNo: z.string(),
  amountCents: z.number().int().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxNotice = z.infer<typeof OutboxNotice>;

export const OutboxList = z.object({ notices: z.array(OutboxNotice) });

export const OutboxQuery = z.object({ managingAgentId: z.coerce.number().int().positive() });

export const ResendNoticeRequest = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  noticeId: z.coerce.number().int().positive(),
});

export const ResendNoticeResponse = z.object({ message: z.string() });

export const NOTICE_MESSAGES = {
  resent: 'The notice will be sent again in a moment.',
  alreadySent: 'That notice has already been sent.',
  sending: 'That notice is being sent right now.',
} as const;
