import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './people';
import { journalTransactions, tenancies } from './tenancies';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A tenancy's private link: only the SHA-256 of its token is kept, so a copy of the database opens no page. */
export const tenantLinks = pgTable(
  'tenant_links',
  {
    linkId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    tenancyId: bigint({ mode: 'number' }).notNull().references(() => tenancies.tenancyId),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: bigint({ mode: 'number' }).notNull().references(() => users.userNo),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('tenant_links_one_live_per_tenancy').on(t.tenancyId).where(sql`revoked_at IS NULL`)],
);

/**
 * An agency's Daraja app for STK Push. `secrets` holds the consumer key and
 * secret and the passkey, sealed with the server's DARAJA_SECRETS_KEY; the
 * access token is sealed the same way and reused until it expires.
 */
export const darajaCredentials = pgTable('daraja_credentials', {
  agentId: bigint({ mode: 'number' }).primaryKey().references(() => agents.agentId),
  shortcode: text().notNull(),
  secrets: text().notNull(),
  callbackToken: text().notNull().unique(),
  accessToken: text(),
  accessTokenExpiresAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: bigint({ mode: 'number' }).notNull().references(() => users.userNo),
});

export const STK_STATUSES = ['pending', 'paid', 'failed'] as const;

/** An STK Push Makazi sent: the tenancy is known for certain, whatever number paid. */
export const stkRequests = pgTable(
  'stk_requests',
  {
    requestId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    tenancyId: bigint({ mode: 'number' }).notNull().references(() => tenancies.tenancyId),
    checkoutRequestId: text().notNull().unique('stk_requests_checkout_unique'),
    merchantRequestId: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    phone: text().notNull(),
    status: text({ enum: STK_STATUSES }).notNull().default('pending'),
    resultCode: integer(),
    resultDesc: text(),
    mpesaReceiptNumber: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    requestedBy: bigint({ mode: 'number' }).references(() => users.userNo),
    settledAt: timestamp({ withTimezone: true }),
    lastQueryAt: timestamp({ withTimezone: true }),
    /** The receipt posted on STK Push Query's word, before the payment's M-Pesa code was known (decision 021). */
    receiptTxnId: bigint({ mode: 'number' }).references(() => journalTransactions.txnId),
  },
  (t) => [
    index('stk_requests_pending').on(t.requestedAt).where(sql`status = 'pending'`),
    index('stk_requests_tenancy').on(t.tenancyId, t.requestedAt),
    index('stk_requests_query_receipts').on(t.agentId, t.tenancyId, t.amountCents).where(sql`receipt_txn_id IS NOT NULL`),
    check('stk_requests_status', sql`status IN ('pending', 'paid', 'failed')`),
    check('stk_requests_amount', sql`${t.amountCents} > 0 AND ${t.amountCents} <= 10000000000`),
  ],
);

export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    requestId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    tenancyId: bigint({ mode: 'number' }).notNull().references(() => tenancies.tenancyId),
    category: text().notNull(),
    description: text().notNull(),
    status: text().notNull().default('new'),
    assignedUserNo: bigint({ mode: 'number' }).references(() => users.userNo),
    contractor: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The property expense the repair's cost was recorded as (property_expenses, migration 0041). */
    expenseId: bigint({ mode: 'number' }),
  },
  (t) => [
    index('maintenance_requests_queue').on(t.agentId, t.status, t.createdAt),
    uniqueIndex('maintenance_requests_one_expense').on(t.expenseId).where(sql`expense_id IS NOT NULL`),
    index('maintenance_requests_tenancy').on(t.tenancyId, t.createdAt),
  ],
);

/** Photos live in the database with the request, so a backup carries them. */
export const maintenancePhotos = pgTable(
  'maintenance_photos',
  {
    photoId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint({ mode: 'number' }).notNull().references(() => maintenanceRequests.requestId),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [index('maintenance_photos_request').on(t.requestId)],
);

export const maintenanceComments = pgTable(
  'maintenance_comments',
  {
    commentId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint({ mode: 'number' }).notNull().references(() => maintenanceRequests.requestId),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    /** Null when the tenant wrote it through the link. */
    authorUserNo: bigint({ mode: 'number' }).references(() => users.userNo),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('maintenance_comments_request').on(t.requestId, t.createdAt)],
);

/** Pull Transactions per agency: registered, and read up to `pulledUntil` (migration 0072). */
export const mpesaPulls = pgTable('mpesa_pulls', {
  agentId: bigint({ mode: 'number' }).primaryKey().references(() => agents.agentId),
  registeredAt: timestamp({ withTimezone: true }),
  pulledUntil: timestamp({ withTimezone: true }),
  lastPulledAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
});

export const STATUS_CHECK_STATUSES = ['pending', 'found', 'not_found', 'timed_out'] as const;

/** A Transaction Status query for a code a tenant quoted, answered by Safaricom's result callback. */
export const mpesaStatusChecks = pgTable(
  'mpesa_status_checks',
  {
    checkId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' }).notNull().references(() => agents.agentId),
    transId: text().notNull(),
    originatorId: text().notNull().unique('mpesa_status_checks_originator_unique'),
    conversationId: text(),
    status: text({ enum: STATUS_CHECK_STATUSES }).notNull().default('pending'),
    amountCents: bigint({ mode: 'number' }),
    accountReference: text(),
    completedAt: timestamp({ withTimezone: true }),
    resultCode: text(),
    resultDesc: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    requestedBy: bigint({ mode: 'number' }).references(() => users.userNo),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mpesa_status_checks_agent').on(t.agentId, t.requestedAt),
    check('mpesa_status_checks_status', sql`status IN ('pending', 'found', 'not_found', 'timed_out')`),
  ],
);
