import { formatKsh, formatStatementBalance, receiptNumber } from '@makazi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import type { Mailer } from '../../plugins/mailer';
import * as repo from './repository';
import type { SmsSender } from './sms';

const LEASE_SECONDS = 30;
const MAX_ATTEMPTS = 8;
const BATCH = 50;

export function noticeText(
  n: Pick<repo.Notice, 'receiptNo' | 'amountCents' | 'balanceAfterCents' | 'agencyName'>,
) {
  return (
    `${n.agencyName}: receipt ${receiptNumber(n.receiptNo)} for ${formatKsh(n.amountCents)} received. ` +
    `Balance now Ksh ${formatStatementBalance(n.balanceAfterCents)}. Thank you.`
  );
}

/**
 * Receipts to tenants. Services queue notices in the transaction that posts the
 * money (`enqueue`) and call `kick()` after it commits; the notifier sends them
 * and retries failures with a growing wait, so a failed send never touches a
 * payment and a payment is never sent twice for one channel while it succeeds.
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
  // Between two sends the event loop takes other work: a drain of thousands of notices never holds up a request.
  const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function deliver(n: repo.Notice) {
    const text = noticeText(n);
    if (n.channel === 'email')
      await mailer.send({ to: n.recipient, subject: `Receipt ${receiptNumber(n.receiptNo)}`, text });
    else if (sms) await sms.send(n.recipient, text);
    else throw new Error('SMS is not set up');
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const due = await repo.claimDue(db, clock.now(), LEASE_SECONDS, MAX_ATTEMPTS, BATCH);
      if (due.length === 0) return sent;
      for (const notice of due) {
        await breathe();
        // What is claimed and not sent when the app stops goes out after its lease, on the next start.
        if (stopped) return sent;
        try {
          await deliver(notice);
          await repo.markSent(db, notice.noticeId, clock.now());
          sent++;
        } catch (error) {
          log.warn(
            { err: error, noticeId: notice.noticeId, attempt: notice.attempts },
            'receipt notice not sent; will retry',
          );
          await repo.markFailed(db, notice.noticeId, String(error));
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
    /** Stops after the notice being sent (the app closes its database next); the rest waits in the outbox. */
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
  return notifier;
}

export type ReceiptNotifier = ReturnType<typeof receiptNotifier>;
