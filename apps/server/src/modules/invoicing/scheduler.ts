import { msUntilNextPeriod, type JobDefinition } from '../../jobs';
import type { InvoicingService } from './service';

/** Minutes past the hour when automatic runs start: 00:05 on the 1st in Nairobi (UTC+3) is one of them. */
export const AUTOMATIC_RUN_MINUTE = 5;
/**
 * Hourly at five past (UTC): at 00:05 on each 1st in Nairobi, and within the
 * hour after a start, so a month missed while the server was down is run then.
 */
const EVERY = { seconds: 3600, offsetSeconds: AUTOMATIC_RUN_MINUTE * 60 };

/** How long until the next look (the schedule's next period). */
export function nextCheckIn(now: Date): number {
  return msUntilNextPeriod(EVERY, now);
}

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Automatic invoicing, a job of the engine (decision 051): one process takes
 * each period. The unique run per (agent, month) lets one charge, and an
 * agency another process is running is skipped, not waited for.
 */
export function invoicingJob({ invoicing, log }: { invoicing: InvoicingService; log: Log }): JobDefinition {
  return {
    name: 'automatic-invoicing',
    every: EVERY,
    leaseSeconds: 30 * 60,
    run: () => invoicing.runAutomatic(log),
  };
}
