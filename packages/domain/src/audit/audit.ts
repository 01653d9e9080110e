import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import type { CsvColumn } from '../csv/csv';
import { AUDIT_MESSAGES } from './audit-messages';

export { AUDIT_MESSAGES } from './audit-messages';


const isoDate = calendarDay('Dates are written YYYY-MM-DD');

/** The audit trail's filters: a person, a record (table and id), a date range. */
export const AuditQuery = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  userNo: z.coerce.number().int().positive().optional(),
  table: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,63}$/, AUDIT_MESSAGES.notAKind)
    .optional(),
  recordId: z.string().trim().max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEvent = z.object({
  eventId: z.number().int(),
  at: z.string(),
  table: z.string(),
  recordId: z.string().nullable(),
  action: z.enum(['insert', 'update', 'delete', 'read']),
  /** Each field that changed: [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  userNo: z.number().int().nullable(),
  userName: z.string().nullable(),
  role: z.number().int().nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditList = z.object({ events: z.array(AuditEvent), more: z.boolean() });

/** The audit trail's CSV export: one change a line, its fields' before and after as JSON. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { header: 'Event', kind: 'integer', value: (e) => e.eventId },
  { header: 'When', kind: 'text', value: (e) => e.at },
  { header: 'Record kind', kind: 'text', value: (e) => e.table },
  { header: 'Record', kind: 'text', value: (e) => e.recordId },
  { header: 'Action', kind: 'text', value: (e) => e.action },
  { header: 'Changes', kind: 'text', value: (e) => JSON.stringify(e.changes) },
  { header: 'User number', kind: 'integer', value: (e) => e.userNo },
  { header: 'User', kind: 'text', value: (e) => e.userName },
  { header: 'Role', kind: 'integer', value: (e) => e.role },
  { header: 'Address', kind: 'text', value: (e) => e.ip },
];
