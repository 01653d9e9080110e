import { readFile } from 'node:fs/promises';

type MailLine = { mail?: { to?: unknown; subject?: unknown; text?: unknown } };

/** The newest one-time code mailed to `email`, from the mail kept by the walks' mail server (one JSON line a message). */
export function findOtp(log: string, email: string): string | null {
  const wanted = email.trim().toLowerCase();
  const lines = log.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    if (!line.includes('"mail"')) continue;
    let entry: MailLine;
    try {
      entry = JSON.parse(line) as MailLine;
    } catch {
      continue;
    }
    const { to, text } = entry.mail ?? {};
    if (typeof to !== 'string' || to.trim().toLowerCase() !== wanted || typeof text !== 'string') continue;
    const code = /verification code is (\d{6})/.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)?.[1];
    if (code) return code;
  }
  return null;
}

/**
 * Waits for the code mailed to `email` (the walks' mail server keeps each message).
 * `after` skips codes already seen, so a resent code is told from the first.
 */
export async function readOtp(
  email: string,
  { timeoutMs = 10_000, after }: { timeoutMs?: number; after?: string } = {},
): Promise<string> {
  const logFile = process.env.E2E_MAIL_LOG;
  if (!logFile) throw new Error('E2E_MAIL_LOG is not set: run through the e2e global setup');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    const code = findOtp(log, email);
    if (code && code !== after) return code;
    if (Date.now() > deadline) throw new Error(`No one-time code for ${email} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for a mail to `email` whose text holds `pattern`, and answers the pattern's first group (a link in an invitation). */
export async function readMailMatch(email: string, pattern: RegExp, { timeoutMs = 10_000 } = {}): Promise<string> {
  const logFile = process.env.E2E_MAIL_LOG;
  if (!logFile) throw new Error('E2E_MAIL_LOG is not set: run through the e2e global setup');
  const wanted = email.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('"mail"')) continue;
      let entry: MailLine;
      try {
        entry = JSON.parse(line) as MailLine;
      } catch {
        continue;
      }
      const { to, text } = entry.mail ?? {};
      if (typeof to !== 'string' || to.trim().toLowerCase() !== wanted || typeof text !== 'string') continue;
      const found = pattern.exec(text)?.[1];
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} matching ${pattern} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
