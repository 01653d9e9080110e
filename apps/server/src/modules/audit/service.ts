import {
  AUDIT_CSV_COLUMNS,
  CSV_EXPORT_ROW_LIMIT,
  CSV_MESSAGES,
  toCsv,
  type AuditEvent,
  type AuditQuery,
} from '@makazi/domain';
import type { Db } from '../../db/database';
import { Invalid } from '../../errors';
import { currentActor } from './actor';
import * as repo from './repository';

const PAGE = 500;

const toEvent = (r: repo.AuditRow): AuditEvent => ({ ...r, at: r.at.toISOString() });

/** The agency's audit trail for its admins: filtered list and CSV export. */
export function auditService({ db }: { db: Db }) {
  return {
    /** Records that the caller was shown these records' `fields` (clients' ID numbers, say). */
    async recordReads(agentId: number, table: string, recordIds: (number | string)[], fields: string[]): Promise<void> {
      const actor = currentActor();
      await repo.recordReads(db, {
        table,
        recordIds: recordIds.map(String),
        fields,
        agentId,
        userNo: actor?.userNo ?? null,
        role: actor?.role ?? null,
        ip: actor?.ip ?? null,
      });
    },

    async list(agentId: number, q: AuditQuery): Promise<{ events: AuditEvent[]; more: boolean }> {
      const rows = await repo.events(db, agentId, q, PAGE);
      return { events: rows.slice(0, PAGE).map(toEvent), more: rows.length > PAGE };
    },

    async csv(agentId: number, q: AuditQuery): Promise<string> {
      const rows = await repo.events(db, agentId, q, CSV_EXPORT_ROW_LIMIT);
      if (rows.length > CSV_EXPORT_ROW_LIMIT) throw new Invalid(CSV_MESSAGES.tooManyRows);
      return toCsv(AUDIT_CSV_COLUMNS, rows.map(toEvent));
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
