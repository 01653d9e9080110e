import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents, ledgers } from './agents';
import { users } from './people';
import { journalTransactions, tenancies } from './tenancies';

/** An agency's paybill: its shortcode, the secret in its callback URLs and how strictly it validates. */
export const mpesaPaybills = pgTable('mpesa_paybills', {
  agentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => agents.agentId),
  shortcode: text().notNull(),
  /** The random path segment of the callback URLs: whoever knows it speaks for Safaricom, so it rotates. */
  callbackToken: text().notNull().unique(),
  strictValidation: boolean().notNull().default(false),
  /** Comma-separated addresses callbacks must come from; empty for any. */
  allowedIps: text().notNull().default(''),
  ledgerId: bigint({ mode: 'number' })
    .notNull()
    .references(() => ledgers.ledgerId),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.userNo),
});

export const MPESA_SOURCES = ['callback', 'import', 'stk', 'pull'] as const;
export const MPESA_STATUSES = ['matched', 'unmatched', 'not_rent'] as const;

/**
 * Every M-Pesa payment the agency received, by callback or statement import,
 * once per TransID (the unique index is the exactly-once rule). A matched one
 * has a receipt in the journal whose idempotency key is `mpesa:{TransID}`.
 */
export const mpesaPayments = pgTable(
  'mpesa_payments',
  {
    paymentId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    transId: text().notNull(),
    source: text({ enum: MPESA_SOURCES }).notNull(),
    status: text({ enum: MPESA_STATUSES }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    transTime: timestamp({ withTimezone: true }).notNull(),
    accountReference: text().notNull(),
    msisdn: text().notNull(),
    payerName: text().notNull(),
    tenancyId: bigint({ mode: 'number' }).references(() => tenancies.tenancyId),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    handledBy: bigint({ mode: 'number' }).references(() => users.userNo),
    note: text(),
    /** The receipt posted on STK Push Query's word that holds this payment's money (decision 021); null: its own receipt. */
    coveredByTxnId: bigint({ mode: 'number' }).references(() => journalTransactions.txnId),
  },
  (t) => [
    uniqueIndex('mpesa_payments_once_per_trans_id').on(t.agentId, t.transId),
    index('mpesa_payments_unmatched')
      .on(t.agentId, t.transTime)
      .where(sql`status = 'unmatched'`),
    index().on(t.agentId, t.transTime),
    uniqueIndex('mpesa_payments_one_per_query_receipt').on(t.coveredByTxnId).where(sql`covered_by_txn_id IS NOT NULL`),
    check('mpesa_payments_amount', sql`${t.amountCents} > 0 AND ${t.amountCents} <= 10000000000`),
    check('mpesa_payments_status', sql`status IN ('matched', 'unmatched', 'not_rent')`),
    check('mpesa_payments_matched_has_tenancy', sql`(status = 'matched') = (tenancy_id IS NOT NULL)`),
  ],
);

/** A callback whose body could not be taken, kept with the reason for whoever reconciles. */
export const mpesaRejections = pgTable(
  'mpesa_rejections',
  {
    rejectionId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    endpoint: text({ enum: ['validation', 'confirmation'] }).notNull(),
    transId: text(),
    reason: text().notNull(),
    body: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.agentId, t.receivedAt)],
);

/**
 * Receipts to send to tenants, written in the transaction that posts the
 * receipt and sent after it commits, with retries: a failed send never touches
 * the payment, and each (receipt, channel) is queued once.
 */
export const receiptNotices = pgTable(
  'receipt_notices',
  {
    noticeId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' }).notNull(),
    /** Null for a text that is not a receipt (a tenant's link, a repair's status), which has its `body` instead. */
    txnId: bigint({ mode: 'number' }),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    /** What the message says, fixed when the receipt posts: its number, amount and the balance right after it. */
    receiptNo: bigint({ mode: 'number' }),
    amountCents: bigint({ mode: 'number' }),
    balanceAfterCents: bigint({ mode: 'number' }),
    /** A text's words, in the tenant's language, written when it is queued; emptied once sent (a link is a secret). */
    body: text(),
    agencyName: text().notNull(),
    attempts: bigint({ mode: 'number' }).notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Set by the process sending it; only that claim may record the outcome. */
    claimToken: text(),
    /** Plainly undeliverable (a bad number, a permanent refusal): no more tries unless an admin resends. */
    failedAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    /** An invoice's tenancy and run month (docs/decisions/027-invoices-to-tenants.md): one per pair. */
    tenancyId: bigint({ mode: 'number' }).references(() => tenancies.tenancyId),
    invoiceMonth: date({ mode: 'string' }),
    /** An email's subject for a text that has one (an invoice); a receipt's is made when it is sent. */
    subject: text(),
  },
  (t) => [
    uniqueIndex().on(t.txnId, t.channel),
    uniqueIndex('receipt_notices_one_invoice_per_tenancy_and_month')
      .on(t.tenancyId, t.invoiceMonth)
      .where(sql`invoice_month IS NOT NULL`),
    index('receipt_notices_due')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index('receipt_notices_failed')
      .on(t.agentId, t.failedAt)
      .where(sql`failed_at IS NOT NULL`),
  ],
);
