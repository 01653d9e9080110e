import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Emailed one-time codes, stored hashed; only the newest per email counts. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    /** 'sign-up' proves an address before an account; 'sign-in' is the second step once an account's wrong passwords reach the bound. */
    purpose: text({ enum: ['sign-up', 'sign-in'] }).notNull().default('sign-up'),
  },
  (t) => [index().on(t.email, t.createdAt)],
);

/**
 * Fixed-window counters for rate limits, in the database so that several
 * server processes share them (no per-process state: docs/deployment.md).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

/** Secrets the server makes for itself on first start (the token signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
