/** True when a write failed on a unique constraint (drivers and drizzle wrap it differently). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/** Connection-level failures: the network, a PostgreSQL restart or shutdown, a backend terminated by an admin. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** True when a query failed because the database could not be reached, not because of what was asked. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e !== 'object') return false;
    if (e.code && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (e.message && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
