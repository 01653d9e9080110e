import { randomUUID } from 'node:crypto';
import { formatKsh, receiptNumber, translatorFor } from '@makazi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import type { Mailer } from '../../plugins/mailer';
import * as repo from './repository';
import { retryDelaySeconds, undeliverableReason } from './outcome';
import type { SmsSender } from './sms';

/** A claimed notice is this sender's for 5 minutes; no send may take longer than a minute of it. */
const LEASE_SECONDS = 5 * 60;
export const SEND_BOUND_MS = 60_000;
/** How long a stopping server waits for a send in flight before it closes the database anyway. */
export const STOP_BOUND_MS = 8_000;
const BATCH = 50;
/** Kept on a notice the provider had when the server stopped, before it answered. */
export const NOTICE_HANDED_OVER_UNANSWERED =
  'The server stopped while the provider had this message, before it answered; not sent again, as it may have gone';

class SendTimedOut extends Error {}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SendTimedOut(`no answer from the provider within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The receipt as the tenant reads it, in the language they asked for, ending
 * as the tenant page does: what is still owed, nothing owed, or the credit.
 */
export function noticeText(
  n: Pick<repo.Notice, 'receiptNo' | 'amountCents' | 'balanceAfterCents' | 'agencyName'> &
    Partial<Pick<repo.Notice, 'language'>>,
) {
  const t = translatorFor(n.language ?? 'en');
  const paid = { agency: n.agencyName, receiptNo: receiptNumber(n.receiptNo), amount: formatKsh(n.amountCents) };
  if (n.balanceAfterCents > 0)
    return t('documents.receiptNotice.text', { ...paid, balance: formatKsh(n.balanceAfterCents) });
  if (n.balanceAfterCents === 0) return t('documents.receiptNotice.textSettled', paid);
  return t('documents.receiptNotice.textInCredit', { ...paid, credit: formatKsh(-n.balanceAfterCents) });
}

/**
 * Receipts to tenants. Services queue notices in the transaction that posts the
 * money (`enqueue`) and call `kick()` after it commits; the notifier sends them
 * and retries failures with a growing wait (capped at 30 minutes, with no
 * limit on tries) until a notice goes out or is plainly undeliverable. A failed
 * send never touches a payment, and each notice is claimed by one sender.
 */
export function receiptNotifier({
  db,
  clock,
  mailer,
  sms,
  log,
  automatic = true,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender | null;
  log: FastifyBaseLogger;
  /** false: nothing is sent until `drain()` is called. */
  automatic?: boolean;
}) {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  // The notice in the provider's hands: a stop that cannot wait for its answer records it instead.
  let inFlight: { noticeId: number; claim: string } | null = null;
  let givenUp: number | null = null;
  // Between two sends the event loop takes other work: a drain of thousands of notices never holds up a request.
  const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function deliver(n: repo.Notice) {
    const text = n.body ?? noticeText(n);
    if (n.channel === 'email')
      await mailer.send({
        to: n.recipient,
        subject:
          n.subject ??
          translatorFor(n.language)('documents.receiptNotice.subject', {
            receiptNo: receiptNumber(n.receiptNo),
          }),
        text,
      });
    else if (sms) await sms.send(n.recipient, text);
    else throw new Error('SMS is not set up');
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const claim = randomUUID();
      const due = await repo.claimDue(db, clock.now(), claim, LEASE_SECONDS, BATCH);
      if (due.length === 0) return sent;
      for (const notice of due) {
        await breathe();
        // What is claimed and not sent when the app stops goes out after its lease, on the next start.
        if (stopped) return sent;
        try {
          inFlight = { noticeId: notice.noticeId, claim };
          try {
            await bounded(deliver(notice), SEND_BOUND_MS);
          } finally {
            inFlight = null;
          }
          // The stop recorded it while the provider was slow, and the database may be closed.
          if (givenUp === notice.noticeId) return sent;
          if (await repo.markSent(db, notice.noticeId, claim, clock.now())) sent++;
        } catch (error) {
          if (givenUp === notice.noticeId) return sent;
          const undeliverable = undeliverableReason(notice, error, { sms: sms !== null });
          const now = clock.now();
          const retryAt = new Date(now.getTime() + retryDelaySeconds(notice.attempts) * 1000);
          log.warn(
            { err: error, noticeId: notice.noticeId, attempt: notice.attempts, undeliverable },
            undeliverable
              ? 'receipt notice undeliverable; not retried'
              : 'receipt notice not sent; will retry',
          );
          await repo.markFailed(db, notice.noticeId, claim, {
            error: undeliverable ?? String(error),
            retryAt,
            undeliverable: undeliverable !== undefined,
            at: now,
          });
        }
      }
    }
    return sent;
  }

  const notifier = {
    channels: { sms: sms !== null },
    enqueue(tx: DbOrTx, txnIds: number[]) {
      return repo.enqueueNotices(tx, txnIds, { sms: sms !== null }, clock.now());
    },
    /** A text to a tenant's phone that is not a receipt, sent after the caller's transaction commits and `kick()`. */
    enqueueSms(tx: DbOrTx, agentId: number, phone: string, body: string) {
      return repo.enqueueText(tx, { agentId, recipient: phone, body, at: clock.now() });
    },
    /** Sends what is due; one drain at a time, a kick during a drain runs one more. */
    async drain(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          total += await drainOnce();
        } while (again);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    },
    /** Starts a drain after the current request has answered. */
    kick() {
      if (stopped || !automatic) return;
      setImmediate(() => {
        notifier.drain().catch((error: unknown) => log.error({ err: error }, 'receipt notices drain failed'));
      });
    },
    /** Waits for the drain under way to finish. */
    async idle() {
      await running?.catch(() => undefined);
    },
    /**
     * Stops after the notice being sent (the app closes its database next); the
     * rest waits in the outbox. A send that hangs is waited for `boundMs` at
     * most; then its notice is recorded as failed for good, not sent again: the
     * provider may have taken it, and a restart must send nothing twice.
     */
    async stop(boundMs = STOP_BOUND_MS) {
      stopped = true;
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), boundMs)));
      const result = await Promise.race([running.catch(() => undefined), waited]);
      clearTimeout(timer);
      const pending = inFlight;
      if (result === 'late' && pending) {
        givenUp = pending.noticeId;
        const now = clock.now();
        await repo.markFailed(db, pending.noticeId, pending.claim, { error: NOTICE_HANDED_OVER_UNANSWERED, retryAt: now, undeliverable: true, at: now });
        log.warn({ noticeId: pending.noticeId }, 'stopped while a notice was at the provider; recorded, not sent again');
      }
    },
  };
  return notifier;
}

export type ReceiptNotifier = ReturnType<typeof receiptNotifier>;
