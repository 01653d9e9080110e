import { NOTICE_MESSAGES, receiptNumber, type OutboxNotice } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import * as repo from './repository';

/** The screen shows at most this many; an outbox longer than that is an outage to fix, not a list to read. */
const LIST_LIMIT = 500;

/** Receipts to tenants that have not gone out: what waits, what failed for good, and a resend. */
export function outboxService({ db, clock, notices }: { db: Db; clock: Clock; notices: ReceiptNotifier }) {
  return {
    async list(agentId: number): Promise<{ notices: OutboxNotice[] }> {
      const rows = await repo.unsent(db, agentId, LIST_LIMIT);
      return {
        notices: rows.map((r) => ({
          noticeId: r.noticeId,
          state: r.failed ? 'failed' : 'waiting',
          channel: r.channel,
          recipient: r.recipient,
          receiptNo: r.receiptNo === null ? '' : receiptNumber(r.receiptNo),
          amountCents: r.amountCents,
          attempts: r.attempts,
          lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
          nextAttemptAt: r.failed ? null : r.nextAttemptAt.toISOString(),
          lastError: r.lastError,
        })),
      };
    },

    async resend(agentId: number, noticeId: number): Promise<{ message: string }> {
      const outcome = await db.transaction((tx) => repo.resend(tx, agentId, noticeId, clock.now()));
      if (outcome === 'missing') throw new NotFound();
      if (outcome === 'sent') throw new Conflict(NOTICE_MESSAGES.alreadySent);
      if (outcome === 'sending') throw new Conflict(NOTICE_MESSAGES.sending);
      notices.kick();
      return { message: NOTICE_MESSAGES.resent };
    },
  };
}

export type OutboxService = ReturnType<typeof outboxService>;
