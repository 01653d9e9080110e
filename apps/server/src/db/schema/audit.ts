import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (migration 0021): written only by triggers on every
 * business table (audit_insert per statement, audit_change per changed or
 * deleted row: migration 0050), append-only like the journal. `changes` maps each
 * field that changed to [before, after].
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    eventId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    tableName: text().notNull(),
    recordId: text(),
    action: text({ enum: ['insert', 'update', 'delete', 'read'] }).notNull(),
    changes: jsonb().notNull(),
    userNo: bigint({ mode: 'number' }),
    agentId: bigint({ mode: 'number' }),
    role: integer(),
    ip: text(),
  },
  (t) => [
    index('audit_events_agent_at').on(t.agentId, t.at),
    index('audit_events_record').on(t.tableName, t.recordId),
    index('audit_events_user_at').on(t.userNo, t.at),
  ],
);
