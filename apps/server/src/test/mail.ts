import { englishLeft } from '@makazi/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';

export interface SentMail {
  subject: string;
  body: string;
}

/** The newest mail to `email`, as the outbox (and so the SMTP server) got it. */
export async function lastMailTo(app: FastifyInstance, email: string): Promise<SentMail> {
  const [mail] = await app.database.db
    .select({ subject: mailOutbox.subject, body: mailOutbox.body })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`nothing was mailed to ${email}`);
  return mail;
}

/** English catalogue texts a Kiswahili reader would meet in a mail: its subject, its whole body and each line. */
export function englishIn(mail: SentMail) {
  return englishLeft([mail.subject, mail.body, ...mail.body.split('\n').filter((line) => line.trim())]);
}
