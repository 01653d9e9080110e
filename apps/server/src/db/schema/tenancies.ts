import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The tenant asked for no arrears reminders by SMS (migration 0040). */
    remindersOptOut: boolean().notNull().default(false),
  },
  (t) => [
    // A house holds at most one active tenancy: of two bookings at once, one wins.
    uniqueIndex('tenancies_one_active_per_house').on(t.houseId).where(sql`ended_at IS NULL`),
    // An agency's active tenancies in id order: the list reads its page straight
    // off this index, and counts them from it alone (an index-only scan).
    index('tenancies_active_by_agent_id').on(t.agentId, t.tenancyId).where(sql`ended_at IS NULL`),
    // Its ended ones: the dashboard counts those not yet settled from here (migration 0043).
    index('tenancies_ended_by_agent_id').on(t.agentId, t.tenancyId).where(sql`ended_at IS NOT NULL`),
    index().on(t.clientNo),
    check('tenancies_amounts_positive', sql`${t.rentCents} > 0 AND ${t.depositCents} >= 0`),
  ],
);

export const JOURNAL_KINDS = [
  'deposit_charge',
  'rent_charge',
  'receipt',
  'reversal',
  'deposit_applied',
  'deposit_refund',
  'deposit_adjustment',
  'credit_refund',
  'recurring_charge',
  'penalty',
  'water_charge',
  'credit_applied',
  // Opening balances at go-live (migration 0055, decision 042).
  'opening_arrears',
  'opening_deposit',
  'opening_credit',
] as const;
export const JOURNAL_ACCOUNTS = ['tenant', 'ledger', 'rent_income', 'deposits_billed', 'deposits_held', 'charge_income', 'pass_through'] as const;
/** Fixed sub-accounts (water: migration 0039); each recurring charge owes on its own, `charge:<id>` (migration 0028). */
export const TENANT_SUB_ACCOUNTS = ['rent', 'deposit', 'penalty', 'water'] as const;
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The journal: append-only, each transaction balanced. The triggers of
 * migrations 0005 and 0012 refuse any UPDATE or DELETE, any statement that
 * leaves a transaction's debits and credits unequal, a line of another agent
 * and a transaction without lines (docs/decisions/002-ledger.md).
 */
export const journalTransactions = pgTable(
  'journal_transactions',
  {
    txnId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100_001 }),
    // No foreign keys on agent, tenancy, poster and reversed transaction: a
    // statement trigger checks each statement's new rows at once (migration
    // 0017, docs/decisions/002-ledger.md), and what they name is never deleted.
    agentId: bigint({ mode: 'number' }).notNull(),
    kind: text({ enum: JOURNAL_KINDS }).notNull(),
    tenancyId: bigint({ mode: 'number' }).notNull(),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    details: text().notNull(),
    /** For rent charges: the month charged (first day), one charge per tenancy and month. */
    chargeMonth: date({ mode: 'string' }),
    /** For receipts: where the money came from, so it posts once: 'client:<form key>' or 'mpesa:<TransID>' (receipt-writer.ts). */
    idempotencyKey: text(),
    postedBy: bigint({ mode: 'number' }).notNull(),
    invoiceRunId: bigint({ mode: 'number' }),
    /** For receipts: the agency's own consecutive number (RCT-000001), gapless per agency. */
    receiptNo: bigint({ mode: 'number' }),
    /** For reversals: the transaction this one undoes; each is undone at most once. */
    reversesTxnId: bigint({ mode: 'number' }),
    /** For recurring charges: which of the property's charges (one per tenancy, charge and month). */
    chargeId: bigint({ mode: 'number' }),
    /** For penalties: the penalty run that posted it. */
    penaltyRunId: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('journal_receipt_number_per_agent').on(t.agentId, t.receiptNo).where(sql`receipt_no IS NOT NULL`),
    uniqueIndex('journal_reversed_once').on(t.reversesTxnId).where(sql`reverses_txn_id IS NOT NULL`),
    check('journal_kind_known', sql`kind IN (${quoted(JOURNAL_KINDS)})`),
    check('journal_receipt_has_number', sql`(kind = 'receipt') = (receipt_no IS NOT NULL)`),
    check('journal_reversal_names_original', sql`(kind = 'reversal') = (reverses_txn_id IS NOT NULL)`),
    uniqueIndex('journal_one_rent_charge_per_month').on(t.tenancyId, t.chargeMonth).where(sql`kind = 'rent_charge'`),
    uniqueIndex('journal_receipt_idempotency').on(t.agentId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
    // Every posting of one M-Pesa payment, re-postings included (receipt-writer.ts, migration 0018).
    index('journal_receipt_key_base').on(t.agentId, sql`split_part(${t.idempotencyKey}, '#', 1)`).where(sql`idempotency_key IS NOT NULL`),
    index().on(t.tenancyId, t.postedAt),
    index().on(t.agentId, t.kind, t.postedAt),
    check('journal_rent_charge_has_month', sql`(kind IN ('rent_charge', 'recurring_charge', 'penalty', 'water_charge', 'opening_arrears')) = (charge_month IS NOT NULL)`),
    check('journal_recurring_charge_names_charge', sql`(kind = 'recurring_charge') = (charge_id IS NOT NULL)`),
    uniqueIndex('journal_one_recurring_charge_per_month').on(t.tenancyId, t.chargeId, t.chargeMonth).where(sql`kind = 'recurring_charge'`),
    uniqueIndex('journal_one_penalty_per_month').on(t.tenancyId, t.chargeMonth).where(sql`kind = 'penalty'`),
    uniqueIndex('journal_one_water_charge_per_month').on(t.tenancyId, t.chargeMonth).where(sql`kind = 'water_charge'`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    lineId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Transaction, tenancy and ledger are checked per statement, not per row by
    // foreign keys (migration 0017, docs/decisions/002-ledger.md).
    txnId: bigint({ mode: 'number' }).notNull(),
    agentId: bigint({ mode: 'number' }).notNull(),
    /**
     * tenant: what the tenant owes, on sub-account rent or deposit; ledger: money
     * in (debit) or out (credit) of an agent ledger; rent_income and
     * deposits_billed: the other side of charges; deposits_held: deposit money
     * the agent holds for one tenancy.
     */
    account: text({ enum: JOURNAL_ACCOUNTS }).notNull(),
    subAccount: text(),
    tenancyId: bigint({ mode: 'number' }),
    ledgerId: bigint({ mode: 'number' }),
    debitCents: bigint({ mode: 'number' }).notNull().default(0),
    creditCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('journal_lines_tenant_account').on(t.tenancyId).where(sql`account = 'tenant'`),
    // An agency's rent lines with their amounts, for the dashboard's figures (migration 0024 adds INCLUDE (debit_cents, credit_cents)).
    index('journal_lines_agency_rent').on(t.agentId, t.txnId).where(sql`account = 'tenant' AND sub_account = 'rent'`),
    index().on(t.txnId),
    // Most lines have no ledger (charges): they need no entry.
    index('journal_lines_ledger_id_index').on(t.ledgerId).where(sql`ledger_id IS NOT NULL`),
    check(
      'journal_lines_one_sided_positive',
      sql`${t.debitCents} >= 0 AND ${t.creditCents} >= 0 AND (${t.debitCents} = 0) <> (${t.creditCents} = 0)`,
    ),
    check('journal_lines_account_known', sql`account IN (${quoted(JOURNAL_ACCOUNTS)})`),
    check('journal_lines_tenant_has_tenancy', sql`(account IN ('tenant', 'deposits_held')) = (tenancy_id IS NOT NULL)`),
    check(
      'journal_lines_tenant_has_sub_account',
      sql`(account = 'tenant') = (sub_account IS NOT NULL) AND (sub_account IS NULL OR sub_account IN (${quoted(TENANT_SUB_ACCOUNTS)}) OR sub_account ~ '^charge:[0-9]+$')`,
    ),
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
    /** Started by the server's timer rather than a person (run_by is then the agency's owner). */
    automatic: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.agentId, t.month)],
);

/**
 * Each tenancy's balance (debits − credits of its tenant account), kept by a
 * trigger on journal_lines in the same statement that posts (migration 0007):
 * lists read it instead of summing the journal per request. Nothing else may
 * write it. No index on (or predicated on) a balance column: it would make
 * every posting's balance update a non-HOT update. The agency's index is on a
 * column that never changes (migration 0037).
 */
export const tenancyBalances = pgTable(
  'tenancy_balances',
  {
    tenancyId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => tenancies.tenancyId),
    /** The tenancy's agency, as its journal lines name it: the dashboard reads one agency's balances. */
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    balanceCents: bigint({ mode: 'number' }).notNull(),
    /** The deposit sub-account: deposit charged less deposit paid. */
    depositDueCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Deposit money held for the tenancy: paid in, less applied to arrears and refunded. */
    depositHeldCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Owed on the sub-accounts that are neither rent nor deposit: recurring charges and penalties. */
    chargesDueCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [index('tenancy_balances_agent').on(t.agentId)],
);

/**
 * Each standing rent debit (a rent line of a transaction neither a reversal
 * nor reversed) with the day it fell due, kept by triggers on the journal in
 * the statement that posts (migration 0043); nothing else may write it. With
 * the tenancy's rent balance it gives the dashboard's arrears by age without
 * reading the journal: the unpaid charges are the newest ones adding up to
 * the balance.
 */
export const tenancyRentCharges = pgTable(
  'tenancy_rent_charges',
  {
    lineId: bigint({ mode: 'number' }).primaryKey(),
    txnId: bigint({ mode: 'number' }).notNull(),
    tenancyId: bigint({ mode: 'number' }).notNull(),
    agentId: bigint({ mode: 'number' }).notNull(),
    /** The first of the month charged, or the start date (Nairobi) of a tenancy begun later that month; else the posting day. */
    due: date({ mode: 'string' }).notNull(),
    cents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('tenancy_rent_charges_agency').on(t.agentId, t.tenancyId, t.due, t.txnId), index('tenancy_rent_charges_txn').on(t.txnId)],
);

/**
 * Each standing rent line, debit or credit (a tenant rent line of a
 * transaction neither a reversal nor reversed), with what rent collection asks
 * of its transaction, kept by the same journal triggers as tenancy_rent_charges
 * (migration 0047); nothing else may write it. `since` is the first day on
 * which the line belongs to a month's own activity: its charge month or its
 * posting day (Nairobi), whichever is later. With the tenancy's rent balance
 * it gives the month's rent collection from the month's lines alone.
 */
export const tenancyRentLines = pgTable(
  'tenancy_rent_lines',
  {
    lineId: bigint({ mode: 'number' }).primaryKey(),
    txnId: bigint({ mode: 'number' }).notNull(),
    tenancyId: bigint({ mode: 'number' }).notNull(),
    agentId: bigint({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    chargeMonth: date({ mode: 'string' }),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    since: date({ mode: 'string' }).notNull(),
    debitCents: bigint({ mode: 'number' }).notNull(),
    creditCents: bigint({ mode: 'number' }).notNull(),
  },
  // The migration's agency index also INCLUDEs every column rent collection reads, so it is read index-only.
  (t) => [index('tenancy_rent_lines_agency_since').on(t.agentId, t.since), index('tenancy_rent_lines_txn').on(t.txnId)],
);

/** An agency's last receipt number: taken and raised in the receipt's own transaction, so numbers have no gaps. */
export const receiptCounters = pgTable('receipt_counters', {
  agentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => agents.agentId),
  lastNo: bigint({ mode: 'number' }).notNull(),
});

/** Whether the server runs the agency's monthly invoices by itself (00:05 on the 1st, Nairobi), and tells tenants. */
export const invoicingSettings = pgTable('invoicing_settings', {
  agentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => agents.agentId),
  automatic: boolean().notNull().default(false),
  /** Each run's charges go to every tenant charged, by SMS or email (decision 027). */
  sendInvoices: boolean().notNull().default(false),
  /** The first month Makazi charges (decision 042); null: every month from a tenancy's first. */
  goLiveMonth: date({ mode: 'string' }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.userNo),
});
