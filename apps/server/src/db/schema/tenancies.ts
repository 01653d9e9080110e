import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { clients, users } from './people';
import { houses } from './properties';

export const tenancies = pgTable(
  'tenancies',
  {
    tenancyId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    houseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => houses.houseId),
    clientNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => clients.clientNo),
    startDate: timestamp({ withTimezone: true }).notNull(),
    /** The month of the first rent charge: the start's month in Africa/Nairobi. */
    firstMonth: date({ mode: 'string' }).notNull(),
    rentCents: bigint({ mode: 'number' }).notNull(),
    depositCents: bigint({ mode: 'number' }).notNull(),
    idNumber: text().notNull(),
    employer: text().notNull(),
    business: text().notNull(),
    nextOfKinName: text().notNull(),
    nextOfKinPhone: text().notNull(),
    bookedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    endedAt: timestamp({ withTimezone: true }),
    endedBy: bigint({ mode: 'number' }).references(() => users.userNo),
  },
  (t) => [
    // A house holds at most one active tenancy: of two bookings at once, one wins.
    uniqueIndex('tenancies_one_active_per_house').on(t.houseId).where(sql`ended_at IS NULL`),
    // An agency's active tenancies in id order: the list reads its page straight
    // off this index, and counts them from it alone (an index-only scan).
    index('tenancies_active_by_agent_id').on(t.agentId, t.tenancyId).where(sql`ended_at IS NULL`),
    index().on(t.clientNo),
    check('tenancies_amounts_positive', sql`${t.rentCents} > 0 AND ${t.depositCents} >= 0`),
  ],
);

/**
 * The journal: append-only, each transaction balanced. The triggers of
 * migration 0005 refuse any UPDATE or DELETE and any statement that leaves a
 * transaction's debits and credits unequal.
 */
export const journalTransactions = pgTable(
  'journal_transactions',
  {
    txnId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100_001 }),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    kind: text({ enum: ['deposit_charge', 'rent_charge', 'receipt'] }).notNull(),
    tenancyId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tenancies.tenancyId),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    details: text().notNull(),
    /** For rent charges: the month charged (first day), one charge per tenancy and month. */
    chargeMonth: date({ mode: 'string' }),
    /** For receipts: the form's key, so a repeated submission posts once. */
    idempotencyKey: text(),
    postedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    invoiceRunId: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('journal_one_rent_charge_per_month').on(t.tenancyId, t.chargeMonth).where(sql`kind = 'rent_charge'`),
    uniqueIndex('journal_receipt_idempotency').on(t.agentId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
    index().on(t.tenancyId, t.postedAt),
    index().on(t.agentId, t.kind, t.postedAt),
    check('journal_rent_charge_has_month', sql`(kind = 'rent_charge') = (charge_month IS NOT NULL)`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    lineId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txnId: bigint({ mode: 'number' })
      .notNull()
      .references(() => journalTransactions.txnId),
    agentId: bigint({ mode: 'number' }).notNull(),
    /** tenant: the tenancy's account; ledger: money received into an agent ledger; income accounts for charges. */
    account: text({ enum: ['tenant', 'ledger', 'rent_income', 'deposits_held'] }).notNull(),
    tenancyId: bigint({ mode: 'number' }),
    ledgerId: bigint({ mode: 'number' }),
    debitCents: bigint({ mode: 'number' }).notNull().default(0),
    creditCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('journal_lines_tenant_account').on(t.tenancyId).where(sql`account = 'tenant'`),
    index().on(t.txnId),
    index().on(t.ledgerId),
    check(
      'journal_lines_one_sided_positive',
      sql`${t.debitCents} >= 0 AND ${t.creditCents} >= 0 AND (${t.debitCents} = 0) <> (${t.creditCents} = 0)`,
    ),
    check('journal_lines_tenant_has_tenancy', sql`(account = 'tenant') = (tenancy_id IS NOT NULL)`),
    check('journal_lines_ledger_has_ledger', sql`(account = 'ledger') = (ledger_id IS NOT NULL)`),
  ],
);

/** One monthly invoice run per agent and month. */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    runId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    month: date({ mode: 'string' }).notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    runBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    chargedCount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.agentId, t.month)],
);

/**
 * Each tenancy's balance (debits − credits of its tenant account), kept by a
 * trigger on journal_lines in the same statement that posts (migration 0007):
 * lists read it instead of summing the journal per request. Nothing else may
 * write it.
 */
export const tenancyBalances = pgTable(
  'tenancy_balances',
  {
    tenancyId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => tenancies.tenancyId),
    balanceCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('tenancy_balances_in_arrears').on(t.tenancyId).where(sql`balance_cents > 0`)],
);
