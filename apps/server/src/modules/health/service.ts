import type { Database } from '../../db/database';

/** How old a database probe may be when a health check is answered from it. */
export const PROBE_FRESH_MS = 1_000;
/**
 * How long a probe may take before the database counts as down: a database
 * that hangs (paused, cut off by the network) answers nothing rather than an
 * error, and a monitor must hear "degraded", not wait with the tenants.
 */
export const PROBE_TIMEOUT_MS = 3_000;

/**
 * The database probe behind /api/health. Monitors ask every few seconds, and
 * then each gets a fresh probe; a burst of checks (a load balancer's many
 * workers, a flood) shares one probe per second instead of putting a query
 * per request on the database the tenants' payments need. A failed probe is
 * never reused: the next check asks the database again.
 */
export function healthService({
  database,
  now = () => performance.now(),
  proxyWarning = () => undefined,
}: {
  database: Database;
  now?: () => number;
  /** What TRUST_PROXY's check said about the requests seen (security/proxy-warning.ts). */
  proxyWarning?: () => string | undefined;
}) {
  let last: { at: number; migrations: Promise<number> } | undefined;
  return {
    kind: database.kind,
    /** Warnings the operator must act on, shown with every health answer until the server restarts. */
    warnings(): string[] {
      const proxy = proxyWarning();
      return proxy ? [proxy] : [];
    },
    migrations(): Promise<number> {
      const at = now();
      if (!last || at - last.at >= PROBE_FRESH_MS) {
        const probe = { at, migrations: withinTimeout(database.appliedMigrations(), PROBE_TIMEOUT_MS) };
        probe.migrations.catch(() => {
          if (last === probe) last = undefined;
        });
        last = probe;
      }
      return last.migrations;
    },
  };
}

function withinTimeout<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

export type HealthService = ReturnType<typeof healthService>;
