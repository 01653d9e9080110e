import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { tenancies } from './tenancies';

/** An agency's arrears reminders: the days of the month, its own wording (or the catalogue's), the least balance reminded. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    agentId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => agents.agentId),
    active: boolean().notNull().default(false),
    days: smallint().array().notNull(),
    template: text(),
    minBalanceCents: bigint({ mode: 'number' }).notNull().default(0),
    /** What one SMS costs the agency, from its provider's invoice: the preview's estimate. */
    smsPriceCents: bigint({ mode: 'number' }).notNull().default(80),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: bigint({ mode: 'number' }).notNull(),
  },
  () => [check('reminder_settings_amounts', sql`min_balance_cents >= 0 AND sms_price_cents >= 0 AND sms_price_cents <= 100000`)],
);

/** One arrears reminder: queued in the outbox, sent once, then what the delivery report said. */
export const smsReminders = pgTable(
  'sms_reminders',
  {
    reminderId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    tenancyId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tenancies.tenancyId),
    day: date({ mode: 'string' }).notNull(),
    phone: text().notNull(),
    message: text().notNull(),
    balanceCents: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['queued', 'sent', 'delivered', 'failed'] }).notNull().default('queued'),
    /** Africa's Talking's messageId: the delivery report names it. */
    providerId: text(),
    cost: text(),
    failureReason: text(),
    attempts: integer().notNull().default(0),
    claimToken: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    reportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_reminders_one_per_tenancy_and_day').on(t.tenancyId, t.day),
    uniqueIndex('sms_reminders_provider_id').on(t.providerId).where(sql`provider_id IS NOT NULL`),
    index('sms_reminders_due').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    index('sms_reminders_agent_day').on(t.agentId, t.day),
    check('sms_reminders_status_known', sql`status IN ('queued', 'sent', 'delivered', 'failed')`),
  ],
);

/** Delivery reports as they came, before they update a reminder. */
export const smsDeliveryReports = pgTable('sms_delivery_reports', {
  reportId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
  body: jsonb().notNull(),
  matched: boolean().notNull().default(false),
});
