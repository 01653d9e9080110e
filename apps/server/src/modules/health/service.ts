import type { Database } from '../../db/database';

/** How old a database probe may be when a health check is answered from it. */
export const PROBE_FRESH_MS = 1_000;

/**
 * The database probe behind /api/health. Monitors ask every few seconds, and
 * then each gets a fresh probe; a burst of checks (a load balancer's many
 * workers, a flood) shares one probe per second instead of putting a query
 * per request on the database the tenants' payments need. A failed probe is
 * never reused: the next check asks the database again.
 */
export function healthService({ database, now = () => performance.now() }: { database: Database; now?: () => number }) {
  let last: { at: number; migrations: Promise<number> } | undefined;
  return {
    kind: database.kind,
    migrations(): Promise<number> {
      const at = now();
      if (!last || at - last.at >= PROBE_FRESH_MS) {
        const probe = { at, migrations: database.appliedMigrations() };
        probe.migrations.catch(() => {
          if (last === probe) last = undefined;
        });
        last = probe;
      }
      return last.migrations;
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;
