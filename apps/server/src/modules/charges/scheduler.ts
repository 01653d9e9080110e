import type { JobDefinition } from '../../jobs';
import type { InvoicingService } from '../invoicing/service';
import type { ReminderService } from '../reminders/service';
import type { RentReviewService } from '../rent-reviews/service';
import type { ChargesService } from './service';

/** How often one process looks for agencies whose day's penalties are not yet charged. */
export const PENALTY_LOOK_EVERY_MS = 15 * 60_000;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Late-payment penalties, a job of the engine (decision 051) every quarter
 * hour, caught up after downtime: every month whose day has passed. One
 * penalty run per agency and day, and one penalty per tenancy and month, are
 * unique in the database. Arrears reminders and rent review notices ride on
 * the same look.
 */
export function penaltiesJob(deps: {
  /**
   * Penalties are due on rent charged: looked at before a missed month is
   * charged, that month's penalty waited for the next look (a day late after
   * downtime). So the look charges any month due first (nothing, when the
   * invoicing job already has).
   */
  invoicing?: InvoicingService;
  charges: ChargesService;
  reminders?: ReminderService;
  rentReviews?: RentReviewService;
  log: Log;
}): JobDefinition {
  return {
    name: 'penalties-reminders-rent-reviews',
    every: { seconds: PENALTY_LOOK_EVERY_MS / 1000 },
    leaseSeconds: 30 * 60,
    run: () => penaltyLook(deps),
  };
}

export async function penaltyLook({ invoicing, charges, reminders, rentReviews, log }: Parameters<typeof penaltiesJob>[0]) {
  try {
    await invoicing?.runAutomatic(log);
  } catch (error) {
    log.error({ err: error }, 'automatic invoicing check failed');
  }
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
}
