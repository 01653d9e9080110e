/**
 * The server's log for a person at a terminal: one line per event (time,
 * level, what happened) instead of pino's JSON, which stays the output when
 * standard output is a file or a pipe (log collectors read it). Small on
 * purpose: pino-pretty and its dependencies would be installed for
 * the few fields Makazi logs.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Fields every pino line carries, or that a line's own text already says. */
const PLAIN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'mail']);

type Entry = Record<string, unknown>;

/** One pino JSON line as the line(s) a person reads; a line that is not JSON passes through unchanged. */
export function readableLine(json: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json;
  }
  if (typeof entry !== 'object' || entry === null) return json;
  const mail = mailLine(entry.mail);
  if (mail) return mail;
  const head = `${clockTime(entry.time)} ${(LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5)}`;
  return `${head} ${[what(entry), fields(entry)].filter(Boolean).join(' ')}${errorText(entry.err)}`;
}

/**
 * A mail kept in the outbox (mail off) as its own plain line: whom it was for
 * and what they need from it, the one-time code or the link, so a newcomer
 * finds their sign-up code without reading JSON.
 */
export function mailLine(mail: unknown): string | null {
  if (typeof mail !== 'object' || mail === null) return null;
  const { to, subject, text } = mail as { to?: unknown; subject?: unknown; text?: unknown };
  if (typeof to !== 'string') return null;
  const body = typeof text === 'string' ? text : '';
  // "… code is 123456" / "… ni 123456" (user-emails in en and sw); amounts and receipt numbers are not codes.
  const codes = [...body.matchAll(/\b(?:is|ni) (\d{6})\b/g)].map((m) => m[1]!);
  const links = body.match(/https?:\/\/[^\s)>\]]+/g) ?? [];
  const needs = [...codes.map((code) => `code ${code}`), ...links].join('  ');
  return `MAIL to ${to}: ${typeof subject === 'string' ? subject : ''}${needs ? `  ->  ${needs}` : ''}`;
}

function clockTime(time: unknown): string {
  const at = new Date(typeof time === 'number' || typeof time === 'string' ? time : Date.now());
  return Number.isNaN(at.getTime()) ? '--:--:--' : at.toTimeString().slice(0, 8);
}

/** A request reads as what was asked and how it was answered; anything else by its message. */
function what(entry: Entry): string {
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (req && typeof req.method === 'string' && typeof req.url === 'string') {
    const time = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
    const status = res && typeof res.statusCode === 'number' ? ` ${res.statusCode}${time}` : '';
    const note = entry.msg === 'request completed' ? '' : ` (${String(entry.msg)})`;
    return `${req.method} ${req.url}${status}${note}`;
  }
  return typeof entry.msg === 'string' ? entry.msg : '';
}

function fields(entry: Entry): string {
  return Object.entries(entry)
    .filter(([key, value]) => !PLAIN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

function errorText(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const { message, stack } = err as { message?: unknown; stack?: unknown };
  if (typeof stack === 'string') return `\n  ${stack.split('\n').join('\n  ')}`;
  return typeof message === 'string' ? `: ${message}` : '';
}

/** A pino destination writing readable lines to `out` (the terminal). */
export function readableLog(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) out.write(`${readableLine(line)}\n`);
    },
  };
}
