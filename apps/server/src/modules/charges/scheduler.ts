import type { ReminderService } from '../reminders/service';
import type { RentReviewService } from '../rent-reviews/service';
import type { ChargesService } from './service';

/** How often the listening process looks for agencies whose day's penalties are not yet charged. */
export const PENALTY_LOOK_EVERY_MS = 15 * 60_000;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Late-payment penalties for the process that listens: it looks at start —
 * a day missed while the server was down is caught up then, every month
 * whose day has passed — and every quarter hour after. Every process may
 * look: one penalty run per agency and day, and one penalty per tenancy and
 * month, are unique in the database. Arrears reminders ride on the same look:
 * one per tenancy and day is unique too.
 */
export function startPenaltyTimer({
  charges,
  reminders,
  rentReviews,
  after = Promise.resolve(),
  log,
}: {
  /**
   * What the first look waits for: the catch-up invoicing at start. Penalties
   * are due on rent charged; looked at before a missed month is charged, that
   * month's penalty waited for the next look (a day late after downtime).
   */
  after?: Promise<unknown>;
  charges: ChargesService;
  reminders?: ReminderService;
  rentReviews?: RentReviewService;
  log: Log;
}) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await charges.runPenaltiesAutomatic(log);
    } catch (error) {
      log.error({ err: error }, 'automatic penalty check failed');
    }
    // Arrears reminders on their days, after the day's penalties: once per tenancy and day, retries of what the provider did not take.
    try {
      await reminders?.runAutomatic();
    } catch (error) {
      log.error({ err: error }, 'automatic arrears reminders failed');
    }
    // Rent review notices whose day has come (caught up after downtime); each claimed once whichever process looks.
    try {
      await rentReviews?.sendNotices(log);
    } catch (error) {
      log.error({ err: error }, 'rent review notices failed');
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), PENALTY_LOOK_EVERY_MS);
    timer.unref();
  };
  void after.then(() => (stopped ? undefined : tick()));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
