import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the product sends is written here first, so a new user without
 * SMTP_URL still sees it (and the server log prints it).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    transport: text({ enum: ['smtp', 'log'] }).notNull(),
    error: text(),
  },
  (t) => [index().on(t.recipient, t.createdAt)],
);
