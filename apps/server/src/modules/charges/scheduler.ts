import type { ChargesService } from './service';

/** How often the listening process looks for agencies whose day's penalties are not yet charged. */
export const PENALTY_LOOK_EVERY_MS = 15 * 60_000;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Late-payment penalties for the process that listens: it looks at start —
 * a day missed while the server was down is caught up then, every month
 * whose day has passed — and every quarter hour after. Every process may
 * look: one penalty run per agency and day, and one penalty per tenancy and
 * month, are unique in the database.
 */
export function startPenaltyTimer({ charges, log }: { charges: ChargesService; log: Log }) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await charges.runPenaltiesAutomatic(log);
    } catch (error) {
      log.error({ err: error }, 'automatic penalty check failed');
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), PENALTY_LOOK_EVERY_MS);
    timer.unref();
  };
  void tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
