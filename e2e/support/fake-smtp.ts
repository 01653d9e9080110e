import { appendFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

/**
 * A mail server on loopback for the walks: the app sends real SMTP to it, and
 * each message is written to `file` as one JSON line `{"mail":{to,subject,text}}`
 * for the specs to read codes and links from. The server's own log never
 * holds a link's token (decision 037), so the walks read the mail itself.
 */
export async function startFakeSmtp(file: string) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const subject = decodeWords(/^Subject: (.*(?:\r?\n[ \t].*)*)$/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ').trim() ?? '');
        const text = /quoted-printable/i.test(raw) ? quotedPrintable(body.join('\n\n')) : Buffer.from(body.join('\n\n'), 'latin1').toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        appendFile(file, `${JSON.stringify({ mail: { to, subject, text } })}\n`).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable body (RFC 2045) to text: soft line breaks joined, =XX bytes read as UTF-8. */
function quotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's encoded words (RFC 2047: =?UTF-8?Q?…?= and =?UTF-8?B?…?=) to text. */
function decodeWords(header: string): string {
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, how: string, data: string) =>
    how.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
  );
}
