import { UNDELIVERABLE_REASONS } from '@makazi/domain';
import type { Notice } from './repository';
import { internationalPhone } from './sms';

/** Waits between tries: 30 s, 1, 2, 4 … minutes, never more than 30 minutes, for as long as it takes. */
export const RETRY_BASE_SECONDS = 30;
export const RETRY_CAP_SECONDS = 30 * 60;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_CAP_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.min(Math.max(attempts - 1, 0), 16));
}

/** Africa's Talking recipient statuses that no retry changes (bulk SMS API). */
const PERMANENT_SMS_STATUSES =
  /InvalidPhoneNumber|UnsupportedNumberType|UserInBlacklist|InvalidSenderId|RejectedByGateway/;

/**
 * Why a notice can never go out, or undefined when a later try may succeed
 * (the provider down, slow, or refusing for now).
 */
export function undeliverableReason(
  notice: Pick<Notice, 'channel' | 'recipient'>,
  error: unknown,
  setup: { sms: boolean },
): string | undefined {
  if (notice.channel === 'sms') {
    if (!/^\+\d{10,15}$/.test(internationalPhone(notice.recipient))) return UNDELIVERABLE_REASONS.badNumber;
    if (!setup.sms) return undefined;
    if (PERMANENT_SMS_STATUSES.test(String(error)))
      return `${UNDELIVERABLE_REASONS.refused}: ${String(error).slice(0, 200)}`;
    return undefined;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(notice.recipient)) return UNDELIVERABLE_REASONS.badEmail;
  const smtp = error as { responseCode?: number; code?: string } | undefined;
  // 55x: the receiving server refuses this mailbox for good (RFC 5321 §4.2.1).
  if (
    smtp?.code === 'EENVELOPE' ||
    (typeof smtp?.responseCode === 'number' && smtp.responseCode >= 550 && smtp.responseCode < 560)
  ) {
    return `${UNDELIVERABLE_REASONS.refused}: ${String(error).slice(0, 200)}`;
  }
  return undefined;
}
