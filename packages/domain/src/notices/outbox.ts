import { z } from 'zod';
export { UNDELIVERABLE_REASONS, NOTICE_MESSAGES } from './outbox-messages';

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
