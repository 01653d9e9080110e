import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';
import { withoutSecrets } from '../http/secrets';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an owner statement's PDF); the outbox row names them. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Keeps the message in the outbox and delivers it; throws when delivery fails. */
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes out over SMTP. Without it (the embedded default),
 * it stays in the outbox and the log prints it, so a new user on `npm start`
 * can read a one-time code in the terminal.
 */
export function createMailer(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer & { close(): void } {
  const { db, clock, log, smtpUrl, from } = options;
  // Bounded waits: a hanging mail server fails the send well inside a notice's
  // lease (receipt-notices/notifier.ts) instead of holding it for 10 minutes.
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    : undefined;

  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, body: withAttachmentNames(mail), transport: transport ? 'smtp' : 'log' })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        // A one-time code is printed (a new user on `npm start` reads it here); a link's token is not.
        log.info({ mail: { to: mail.to, subject: mail.subject, text: withoutSecrets(mail.text) } }, 'mail kept in the outbox (no SMTP_URL set)');
        await db.update(mailOutbox).set({ sentAt: clock.now() }).where(eq(mailOutbox.id, row!.id));
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments ?? [] });
        await db.update(mailOutbox).set({ sentAt: clock.now() }).where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        log.error({ err: error, to: mail.to }, 'mail delivery failed');
        await db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row!.id));
        throw error;
      }
    },
    close() {
      transport?.close();
    },
  };
}

function withAttachmentNames(mail: Mail): string {
  const names = (mail.attachments ?? []).map((a) => `[attached: ${a.filename}, ${a.content.length} bytes]`);
  return [mail.text, ...names].join('\n');
}
