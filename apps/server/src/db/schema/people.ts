import { LANGUAGES } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every person the product knows: tenants, landlords and users alike. A user
 * is a client who can sign in (see `users`).
 */
export const clients = pgTable(
  'clients',
  {
    clientNo: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    fullName: text().notNull(),
    /** Stored lower-case; unique only among clients who are users (see index below). */
    email: text().notNull(),
    phoneNo: text().notNull(),
    idNumber: text(),
    /** The agent that registered the client; null for people who signed up themselves. */
    capturingAgentId: bigint({ mode: 'number' }),
    /** The language the client's SMS, emails, PDFs and tenant link are written in. */
    preferredLanguage: text({ enum: LANGUAGES }).notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the person's personal data was anonymised (migration 0057, decision 045); null while held. */
    erasedAt: timestamp({ withTimezone: true }),
    /** A tenant's KRA PIN for the rental-tax pack (migration 0067, decision 055). */
    kraPin: text(),
  },
  (t) => [
    check('clients_kra_pin_format', sql`${t.kraPin} IS NULL OR ${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check('clients_preferred_language_known', sql`${t.preferredLanguage} IN ('en', 'sw')`),
    index().on(t.email),
    index().on(t.phoneNo),
    index().on(t.capturingAgentId),
    // Exact-name lookups; "contains" searches are bounded by the agent's own clients.
    index('clients_full_name_lower_index').on(sql`lower(${t.fullName})`),
  ],
);

export const users = pgTable(
  'users',
  {
    userNo: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 501 }),
    clientNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => clients.clientNo),
    /** Lower-case copy of the client's email: one account per email address. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    availableForWork: smallint().notNull().default(1),
    isProgrammer: boolean().notNull().default(false),
    /** The screens' language the user chose; null until they choose (the browser's is used). */
    language: text({ enum: LANGUAGES }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.email),
    uniqueIndex().on(t.clientNo),
    check('users_language_known', sql`${t.language} IN ('en', 'sw')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionId: text().primaryKey(),
    userNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text({ enum: ['logout', 'ended_by_new_login', 'token_reuse', 'expired'] }),
    clientLoginTime: text(),
    ip: text(),
    userAgent: text(),
  },
  // One active session per user (docs/accounts.md#one-session-per-user): the database holds the rule.
  (t) => [uniqueIndex('sessions_one_active_per_user').on(t.userNo).where(sql`ended_at IS NULL`)],
);

/** Opaque refresh tokens, stored hashed; one chain per session, rotated at every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => sessions.sessionId),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.sessionId)],
);
