import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents, ledgers } from './agents';
import { users } from './people';
import { tenancies } from './tenancies';

/** A bank account rent is paid into, read from its statement exports by the columns it was mapped with (decision 053). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    bankAccountId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    name: text().notNull(),
    preset: text({ enum: ['equity', 'kcb', 'coop', 'ncba', 'other'] }).notNull(),
    columns: jsonb().notNull(),
    ledgerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgers.ledgerId),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_name_per_agent').on(t.agentId, t.name),
    check('bank_accounts_preset_known', sql`preset IN ('equity', 'kcb', 'coop', 'ncba', 'other')`),
  ],
);

/** A bank transaction once per agency, bank account and reference; unmatched ones wait in the queue. */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    depositId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    bankAccountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => bankAccounts.bankAccountId),
    reference: text().notNull(),
    paidOn: date().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    accountReference: text().notNull(),
    narrative: text().notNull(),
    status: text({ enum: ['matched', 'unmatched', 'not_rent'] }).notNull(),
    tenancyId: bigint({ mode: 'number' }).references(() => tenancies.tenancyId),
    importedAt: timestamp({ withTimezone: true }).notNull(),
    importedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    handledBy: bigint({ mode: 'number' }).references(() => users.userNo),
    note: text(),
  },
  (t) => [
    uniqueIndex('bank_deposits_once_per_reference').on(t.agentId, t.bankAccountId, t.reference),
    index('bank_deposits_unmatched').on(t.agentId, t.paidOn).where(sql`status = 'unmatched'`),
    check('bank_deposits_amount', sql`${t.amountCents} > 0 AND ${t.amountCents} <= 10000000000`),
    check('bank_deposits_status', sql`status IN ('matched', 'unmatched', 'not_rent')`),
    check('bank_deposits_matched_has_tenancy', sql`(status = 'matched') = (tenancy_id IS NOT NULL)`),
  ],
);

/** The agency's code and name for each journal account, for the accountant's export. */
export const ledgerChart = pgTable(
  'ledger_chart',
  {
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    accountKey: text().notNull(),
    code: text().notNull(),
    name: text().notNull(),
    taxRate: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.accountKey] })],
);
