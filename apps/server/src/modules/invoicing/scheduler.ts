import { startOfNextMonth } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { InvoicingService } from './service';

/** Minutes past midnight on the 1st (Nairobi) when automatic runs start. */
export const AUTOMATIC_RUN_MINUTE = 5;
/** However far the next 1st is, look again within the hour: catches up after downtime or a clock change. */
const LONGEST_WAIT_MS = 3_600_000;

/** How long to wait before the next look: until 00:05 on the next 1st, or an hour, whichever is sooner. */
export function nextCheckIn(now: Date): number {
  const due = startOfNextMonth(now, AUTOMATIC_RUN_MINUTE).getTime() - now.getTime();
  return Math.max(1_000, Math.min(due, LONGEST_WAIT_MS));
}

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Automatic invoicing for the process that listens (not for tests that build
 * the app). It looks at once — a month missed while the server was down is run
 * now — and then at 00:05 on each 1st. Every process may run it: the unique
 * run per (agent, month) lets one charge.
 */
export function startInvoicingTimer({ invoicing, clock, log }: { invoicing: InvoicingService; clock: Clock; log: Log }) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const look = async () => {
    try {
      await invoicing.runAutomatic(log);
    } catch (error) {
      log.error({ err: error }, 'automatic invoicing check failed');
    }
  };
  const tick = async () => {
    await look();
    if (stopped) return;
    timer = setTimeout(() => void tick(), nextCheckIn(clock.now()));
    timer.unref();
  };
  const firstLook = look();
  void firstLook.then(() => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), nextCheckIn(clock.now()));
    timer.unref();
  });
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
  /** Settled when the look at start is done: the months missed while down are charged (or failed to be). */
  return Object.assign(stop, { firstLook });
}
