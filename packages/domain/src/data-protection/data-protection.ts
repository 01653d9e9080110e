import { z } from 'zod';
import { DATA_PROTECTION_MESSAGES as M } from './data-protection-messages';
export { DATA_PROTECTION_MESSAGES } from './data-protection-messages';

/** What a person may ask under the Data Protection Act 2019. */
export const DP_REQUEST_KINDS = ['access', 'correction', 'erasure', 'objection', 'portability'] as const;
export type DpRequestKind = (typeof DP_REQUEST_KINDS)[number];

/**
 * Days to answer, from the General Regulations 2021 (KENYA.md): access,
 * rectification, erasure and objection within 7 days, portability within 30.
 * Dated November 2026; change them here only.
 */
export const DP_ANSWER_DAYS: Record<DpRequestKind, number> = {
  access: 7,
  correction: 7,
  erasure: 7,
  objection: 7,
  portability: 30,
};

/** A breach goes to the Data Protection Commissioner within 72 hours of its discovery (s. 43). */
export const BREACH_NOTIFY_HOURS = 72;

/**
 * Years an ended tenancy's people are kept before the retention pass
 * anonymises them: tax records are kept 5 years (Tax Procedures Act s. 23),
 * which is also the shortest an agency may choose (decision 045).
 */
export const RETENTION_YEARS = { default: 5, min: 5, max: 30 } as const;

export const DP_DETAILS_MAX = 2000;

const HOUR_MS = 60 * 60 * 1000;

/** When a request received at `receivedAt` must be answered. */
export function dpDueAt(kind: DpRequestKind, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + DP_ANSWER_DAYS[kind] * 24 * HOUR_MS);
}

/** When a breach discovered at `discoveredAt` must reach the ODPC. */
export function breachNotifyBy(discoveredAt: Date): Date {
  return new Date(discoveredAt.getTime() + BREACH_NOTIFY_HOURS * HOUR_MS);
}

/** The name the books show once a person is erased: stable, and says nothing of who they were. */
export const erasedName = (clientNo: number) => `Erased person ${clientNo}`;

/** Whole hours from `now` to `due` (negative once overdue), rounded towards the past. */
export function hoursLeft(due: Date, now: Date): number {
  return Math.floor((due.getTime() - now.getTime()) / HOUR_MS);
}

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const id = (message: string) => z.coerce.number({ error: message }).int().positive(message);
const details = z.string().trim().max(DP_DETAILS_MAX, M.details).default('');
const moment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), message);

/** The tenant's own request, from their link. */
export const TenantDataRequest = z.object({
  kind: z.enum(DP_REQUEST_KINDS, { error: M.kind }),
  details,
});
export type TenantDataRequest = z.input<typeof TenantDataRequest>;

export const DpAgentQuery = z.object({ managingAgentId: agentId });
export const DpPersonQuery = DpAgentQuery.extend({ clientNo: id(M.person) });

/** A request the office takes by phone, letter or at the counter, for any person it holds. */
export const RecordDataRequest = z.object({
  managingAgentId: agentId,
  clientNo: id(M.person),
  kind: z.enum(DP_REQUEST_KINDS, { error: M.kind }),
  details,
});
export type RecordDataRequest = z.input<typeof RecordDataRequest>;

export const CloseDataRequest = z.object({
  managingAgentId: agentId,
  requestId: id(M.requestNotFound),
  outcome: z.enum(['done', 'refused'], { error: M.outcome }),
  answer: z.string({ error: M.answer }).trim().min(3, M.answer).max(DP_DETAILS_MAX, M.details),
});
export type CloseDataRequest = z.input<typeof CloseDataRequest>;

export const EraseRequest = z.object({ managingAgentId: agentId, clientNo: id(M.person) });
export type EraseRequest = z.input<typeof EraseRequest>;

export const RetentionRequest = z.object({
  managingAgentId: agentId,
  retentionYears: z.coerce
    .number({ error: M.retentionYears })
    .int(M.retentionYears)
    .min(RETENTION_YEARS.min, M.retentionYears)
    .max(RETENTION_YEARS.max, M.retentionYears),
});
export type RetentionRequest = z.input<typeof RetentionRequest>;

export const RecordBreachRequest = z.object({
  managingAgentId: agentId,
  discoveredAt: moment(M.breachDiscovered),
  description: z.string({ error: M.breachDescription }).trim().min(3, M.breachDescription).max(DP_DETAILS_MAX, M.details),
  peopleAffected: z.coerce.number({ error: M.breachPeople }).int(M.breachPeople).min(0, M.breachPeople).max(10_000_000, M.breachPeople),
  measures: details,
});
export type RecordBreachRequest = z.input<typeof RecordBreachRequest>;

export const BreachNotifiedRequest = z.object({
  managingAgentId: agentId,
  breachId: id(M.breachNotFound),
  notifiedAt: moment(M.notifiedDate),
});
export type BreachNotifiedRequest = z.input<typeof BreachNotifiedRequest>;

export const DataRequestView = z.object({
  requestId: z.number(),
  clientNo: z.number(),
  personName: z.string(),
  tenancyId: z.number().nullable(),
  kind: z.enum(DP_REQUEST_KINDS),
  source: z.enum(['link', 'office']),
  details: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  closedAt: z.string().nullable(),
  outcome: z.enum(['done', 'refused']).nullable(),
  answer: z.string().nullable(),
  /** Whole hours left to answer (negative: overdue); null once answered. */
  hoursLeft: z.number().nullable(),
  overdue: z.boolean(),
});
export type DataRequestView = z.infer<typeof DataRequestView>;

export const DataRequestList = z.object({ requests: z.array(DataRequestView), retentionYears: z.number() });
export type DataRequestList = z.infer<typeof DataRequestList>;

export const BreachView = z.object({
  breachId: z.number(),
  discoveredAt: z.string(),
  description: z.string(),
  peopleAffected: z.number(),
  measures: z.string(),
  recordedAt: z.string(),
  notifyBy: z.string(),
  odpcNotifiedAt: z.string().nullable(),
  hoursLeft: z.number().nullable(),
  overdue: z.boolean(),
  /** Notified after the 72 hours had passed. */
  late: z.boolean(),
});
export type BreachView = z.infer<typeof BreachView>;
export const BreachList = z.array(BreachView);

export const DpMessage = z.object({ message: z.string() });
