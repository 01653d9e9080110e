import { AUDIT_CSV_COLUMNS, csvStream, type AuditEvent, type AuditQuery } from '@makazi/domain';
import type { Db } from '../../db/database';
import { keysetBatches } from '../../db/keyset-batches';
import { currentActor } from './actor';
import * as repo from './repository';

const PAGE = 500;
/** Events read per statement while the CSV streams. */
const EXPORT_BATCH = 2_000;

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

    /** The filtered trail as a CSV written as it is read, in batches by event id: no cap, nothing held whole. */
    csv(agentId: number, q: AuditQuery, batch = EXPORT_BATCH): AsyncGenerator<string> {
      // events() answers one row past its limit: batch − 1 asks for a whole batch.
      const batches = keysetBatches((before: number | undefined) => repo.events(db, agentId, q, batch - 1, before), (last) => last.eventId, batch);
      async function* asEvents(): AsyncGenerator<AuditEvent[]> {
        for await (const rows of batches) yield rows.map(toEvent);
      }
      return csvStream(AUDIT_CSV_COLUMNS, asEvents());
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
