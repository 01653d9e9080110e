import {
  breachNotifyBy,
  DATA_PROTECTION_MESSAGES as M,
  dpDueAt,
  hoursLeft,
  type BreachNotifiedRequest,
  type BreachView,
  type CloseDataRequest,
  type DataRequestView,
  type DpRequestKind,
  type RecordBreachRequest,
  type RecordDataRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import { personExport, type PersonExport } from './export';
import { personPdf } from './export-pdf';
import * as repo from './repository';

/** People anonymised per pass: a first run on an old database catches up over a few hours, never in one long transaction. */
const RETENTION_BATCH = 200;

/** dd/mm/yyyy on Nairobi's calendar, as the office's screens write a day. */
const nairobiDay = (d: Date) => d.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi' });

/**
 * A person's rights under the Data Protection Act 2019 (docs/decisions/045-data-protection.md):
 * their requests and the clock on each, the export of what is held, erasure,
 * the retention pass and the breach register.
 */
export function dataProtectionService({ db, clock }: { db: Db; clock: Clock }) {
  const view = (r: repo.RequestRow): DataRequestView => {
    const left = r.closedAt ? null : hoursLeft(new Date(r.dueAt), clock.now());
    return { ...r, hoursLeft: left, overdue: left !== null && left < 0 };
  };

  const requirePerson = async (agentId: number, clientNo: number) => {
    const person = await repo.personOf(db, agentId, clientNo);
    if (!person) throw new NotFound(M.person);
    return person;
  };

  /** Why a person may not be erased yet, or null: what the law or the books still need is kept. */
  const refusal = async (person: repo.Person): Promise<string | null> => {
    if (person.erasedAt) return M.alreadyErased;
    if (person.isUser) return M.isUser;
    if (person.isLandlord) return M.isLandlord;
    const held = await repo.tenanciesHolding(db, person.clientNo);
    if (held.some((t) => t.endedAt === null)) return M.activeTenancy;
    if (held.some((t) => t.balanceCents !== 0)) return M.moneyOwed;
    const until = held
      .map((t) => {
        const d = new Date(t.endedAt!);
        d.setUTCFullYear(d.getUTCFullYear() + t.retentionYears);
        return d;
      })
      .filter((d) => d > clock.now())
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return until ? M.keptUntil(nairobiDay(until)) : null;
  };

  const record = async (r: {
    agentId: number;
    clientNo: number;
    tenancyId: number | null;
    kind: DpRequestKind;
    details: string;
    source: 'link' | 'office';
    by: number | null;
  }) => {
    const at = clock.now();
    const due = dpDueAt(r.kind, at);
    const requestId = await repo.insertRequest(db, { ...r, at, due });
    return { requestId, dueAt: due.toISOString() };
  };

  return {
    async list(scope: AgentScope) {
      const requests = await repo.requestsOf(db, scope.agentId);
      return { requests: requests.map(view), retentionYears: await repo.retentionYearsOf(db, scope.agentId) };
    },

    async record(scope: AgentScope, userNo: number, input: z.output<typeof RecordDataRequest>) {
      await requirePerson(scope.agentId, input.clientNo);
      const saved = await record({ agentId: scope.agentId, clientNo: input.clientNo, tenancyId: null, kind: input.kind, details: input.details, source: 'office', by: userNo });
      return { ...saved, message: M.recorded };
    },

    /** The tenant's own request from their link: for the tenancy's person, at its agency. */
    async requestFromLink(agentId: number, tenancyId: number, input: { kind: DpRequestKind; details: string }) {
      const clientNo = await repo.clientOfTenancy(db, tenancyId);
      if (clientNo === null) throw new NotFound();
      const saved = await record({ agentId, clientNo, tenancyId, kind: input.kind, details: input.details, source: 'link', by: null });
      return { ...saved, message: M.requested };
    },

    async requestsOfTenancy(agentId: number, tenancyId: number) {
      const clientNo = await repo.clientOfTenancy(db, tenancyId);
      return clientNo === null ? [] : (await repo.requestsOfPerson(db, agentId, clientNo)).map(view);
    },

    async close(scope: AgentScope, userNo: number, input: z.output<typeof CloseDataRequest>) {
      return db.transaction(async (tx) => {
        const request = await repo.requestOf(tx, scope.agentId, input.requestId);
        if (!request) throw new NotFound(M.requestNotFound);
        if (request.closedAt) throw new Conflict(M.alreadyClosed);
        await repo.closeRequest(tx, input.requestId, { at: clock.now(), by: userNo, outcome: input.outcome, answer: input.answer });
        return { message: M.closed };
      });
    },

    /** Everything the agency holds about a person it holds; a person of another agency is not found. */
    async exportOf(agentId: number, clientNo: number): Promise<PersonExport> {
      const person = await requirePerson(agentId, clientNo);
      return personExport(db, agentId, person, clock.now());
    },

    async exportOfTenancy(agentId: number, tenancyId: number): Promise<PersonExport> {
      const clientNo = await repo.clientOfTenancy(db, tenancyId);
      if (clientNo === null) throw new NotFound();
      return this.exportOf(agentId, clientNo);
    },

    pdf: personPdf,

    async erase(scope: AgentScope, userNo: number, clientNo: number) {
      const person = await requirePerson(scope.agentId, clientNo);
      const refused = await refusal(person);
      if (refused) throw new Conflict(refused);
      const erased = await db.transaction((tx) => repo.anonymise(tx, { clientNo, agentId: scope.agentId, at: clock.now(), by: userNo, reason: 'request' }));
      if (!erased) throw new Conflict(M.alreadyErased);
      return { message: M.erased };
    },

    /**
     * The hourly pass: people whose tenancies all ended, settled, longer ago
     * than their agency's hold are anonymised, each in its own transaction.
     * Run twice or by two processes, it erases nobody twice.
     */
    async retentionPass(): Promise<number> {
      let erased = 0;
      for (const p of await repo.pastTheHold(db, clock.now(), RETENTION_BATCH)) {
        const done = await db.transaction((tx) => repo.anonymise(tx, { ...p, at: clock.now(), by: null, reason: 'retention' }));
        if (done) erased += 1;
      }
      return erased;
    },

    async saveRetention(scope: AgentScope, userNo: number, years: number) {
      await repo.saveRetention(db, scope.agentId, years, clock.now(), userNo);
      return { message: M.retentionSaved };
    },

    async breaches(scope: AgentScope): Promise<BreachView[]> {
      const now = clock.now();
      return (await repo.breachesOf(db, scope.agentId)).map((b) => {
        const by = breachNotifyBy(new Date(b.discoveredAt));
        const left = b.odpcNotifiedAt ? null : hoursLeft(by, now);
        return {
          ...b,
          notifyBy: by.toISOString(),
          hoursLeft: left,
          overdue: left !== null && left < 0,
          late: b.odpcNotifiedAt !== null && new Date(b.odpcNotifiedAt) > by,
        };
      });
    },

    async recordBreach(scope: AgentScope, userNo: number, input: z.output<typeof RecordBreachRequest>) {
      const discoveredAt = new Date(input.discoveredAt);
      if (discoveredAt > clock.now()) throw new Invalid(M.breachFuture, [{ path: 'discoveredAt', message: M.breachFuture }]);
      await repo.insertBreach(db, { agentId: scope.agentId, discoveredAt, description: input.description, peopleAffected: input.peopleAffected, measures: input.measures, at: clock.now(), by: userNo });
      return { message: M.breachRecorded };
    },

    async breachNotified(scope: AgentScope, input: z.output<typeof BreachNotifiedRequest>) {
      const breach = await repo.breachOf(db, scope.agentId, input.breachId);
      if (!breach) throw new NotFound(M.breachNotFound);
      const at = new Date(input.notifiedAt);
      if (at < breach.discoveredAt) throw new Invalid(M.notifiedBeforeDiscovery, [{ path: 'notifiedAt', message: M.notifiedBeforeDiscovery }]);
      await repo.markNotified(db, input.breachId, at);
      return { message: M.notifiedSaved };
    },
  };
}

export type DataProtectionService = ReturnType<typeof dataProtectionService>;
