import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config';

/**
 * What the server says once it listens: the address it really listens on
 * (HOST=127.0.0.1 is not "localhost"), the database, and, when mail or SMS is
 * off, where the messages people would have received go instead.
 */
export function startLines(
  config: Pick<AppConfig, 'host' | 'publicUrl' | 'database' | 'smtpUrl' | 'sms'>,
  address: AddressInfo | string | null,
): string[] {
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  const listening = `http://${listenedHost(config.host, address)}${typeof address === 'object' && address ? `:${address.port}` : ''}`;
  const opened = config.publicUrl && config.publicUrl !== listening ? ` (people open ${config.publicUrl})` : '';
  const lines = [`Makazi is running at ${listening}${opened} on ${where}`];
  if (!config.smtpUrl)
    lines.push(
      'Mail is off (no SMTP_URL): every mail (sign-up and sign-in codes, invitations, links) is printed in this log and kept in the mail_outbox table',
    );
  if (!config.sms)
    lines.push(
      "SMS is off (AT_USERNAME and AT_API_KEY unset): no texts are sent; a tenant's link can go by email, and Admin → Receipt notices shows what did not go",
    );
  return lines;
}

/** "localhost" listens on each of its addresses, so its name is the truth; any other host by the address bound. */
function listenedHost(host: string, address: AddressInfo | string | null): string {
  if (host === 'localhost' || typeof address !== 'object' || address === null) return host;
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}
