import { z } from 'zod';
import { KRA_PIN_PATTERN } from '../landlord/agreement';
import { MoneyAmount } from '../properties/property';
import { calendarDay } from '../validation/dates';
import { KYC_MESSAGES } from './kyc-messages';

export { KYC_MESSAGES } from './kyc-messages';

export const KYC_SUBJECT_KINDS = ['landlord', 'business_tenant'] as const;
export type KycSubjectKind = (typeof KYC_SUBJECT_KINDS)[number];
export const KYC_ID_KINDS = ['national_id', 'passport', 'alien_id', 'company_registration'] as const;
export const AML_REVIEW_STATUSES = ['reviewed', 'reported'] as const;
export const AML_LOG_SOURCES = ['receipt', 'payout'] as const;

/** Scanned IDs and certificates: the upload checks of repair photos and expense receipts (decision 044). */
export const KYC_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const KYC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** POCAMLA s46: records kept at least seven years. */
export const KYC_AML_KEEP_YEARS = 7;

/** What a document's first bytes say it is: the declared type is not believed. */
export function sniffDocument(bytes: Uint8Array): (typeof KYC_DOCUMENT_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

/** A KRA PIN as KRA writes it, whatever case it was typed in. */
export const KraPin = z
  .string({ error: KYC_MESSAGES.pinInvalid })
  .trim()
  .transform((p) => p.toUpperCase())
  .pipe(z.string().regex(KRA_PIN_PATTERN, KYC_MESSAGES.pinInvalid));

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const clientNo = z.coerce.number({ error: KYC_MESSAGES.subjectRequired }).int().positive(KYC_MESSAGES.subjectRequired);
const text = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const BeneficialOwner = z.object({
  Name: text(KYC_MESSAGES.ownerNameRequired),
  IdNumber: text(KYC_MESSAGES.ownerIdRequired, 50),
  SharePercent: z.coerce
    .number({ error: KYC_MESSAGES.ownerShareInvalid })
    .gt(0, KYC_MESSAGES.ownerShareInvalid)
    .max(100, KYC_MESSAGES.ownerShareInvalid)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, KYC_MESSAGES.ownerShareInvalid),
  Pep: z.boolean().default(false),
});
export type BeneficialOwner = z.input<typeof BeneficialOwner>;

export const KycRequest = z.object({
  managingAgentId: agentId,
  ClientNo: clientNo,
  Kind: z.enum(KYC_SUBJECT_KINDS, { error: KYC_MESSAGES.kindRequired }),
  FullName: text(KYC_MESSAGES.nameRequired),
  IdKind: z.enum(KYC_ID_KINDS, { error: KYC_MESSAGES.idKindRequired }),
  IdNumber: text(KYC_MESSAGES.idNumberRequired, 50),
  KraPin,
  Pep: z.boolean().default(false),
  PepDetails: z.string().trim().max(500).default(''),
  VerifiedOn: calendarDay(KYC_MESSAGES.verifiedOnRequired),
  BeneficialOwners: z
    .array(BeneficialOwner)
    .max(50)
    .default([])
    .refine((owners) => owners.reduce((sum, o) => sum + Math.round(o.SharePercent * 100), 0) <= 10000, KYC_MESSAGES.ownersOver100),
  Note: z.string().trim().max(1000).default(''),
});
export type KycRequest = z.input<typeof KycRequest>;

export const KycSubjectsQuery = z.object({ managingAgentId: agentId, q: z.string().trim().max(100).optional() });
export const KycRecordQuery = z.object({ managingAgentId: agentId, ClientNo: clientNo });
export const KycDocumentUploadQuery = z.object({
  managingAgentId: agentId,
  ClientNo: clientNo,
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(200).default(''),
});
export const KycDocumentQuery = z.object({
  managingAgentId: agentId,
  DocumentId: z.coerce.number({ error: KYC_MESSAGES.documentNotFound }).int().positive(KYC_MESSAGES.documentNotFound),
});

/** A landlord or tenant of the agency, with the newest due-diligence record of them if there is one. */
export const KycSubject = z.object({
  ClientNo: z.number(),
  Full_name: z.string(),
  Kinds: z.array(z.enum(KYC_SUBJECT_KINDS)),
  Version: z.number().nullable(),
  VerifiedOn: z.string().nullable(),
  Pep: z.boolean().nullable(),
  Documents: z.number(),
});
export type KycSubject = z.infer<typeof KycSubject>;

export const KycVersion = z.object({
  KycId: z.number(),
  Version: z.number(),
  Kind: z.enum(KYC_SUBJECT_KINDS),
  FullName: z.string(),
  IdKind: z.enum(KYC_ID_KINDS),
  IdNumber: z.string(),
  KraPin: z.string(),
  Pep: z.boolean(),
  PepDetails: z.string(),
  VerifiedOn: z.string(),
  VerifiedBy: z.string(),
  Note: z.string(),
  RecordedAt: z.string(),
  BeneficialOwners: z.array(z.object({ Name: z.string(), IdNumber: z.string(), SharePercent: z.number(), Pep: z.boolean() })),
});
export const KycDocument = z.object({
  DocumentId: z.number(),
  Description: z.string(),
  FileName: z.string(),
  ContentType: z.string(),
  Bytes: z.number(),
  RecordedAt: z.string(),
});
/** Every version of a subject's record, newest first, and every document kept for them. */
export const KycRecord = z.object({
  ClientNo: z.number(),
  Full_name: z.string(),
  Versions: z.array(KycVersion),
  Documents: z.array(KycDocument),
});
export type KycRecord = z.infer<typeof KycRecord>;

export const AgentQuery = z.object({ managingAgentId: agentId });

export const AmlSettingsRequest = z.object({
  managingAgentId: agentId,
  OfficerUserNo: z.coerce.number().int().positive().nullable().default(null),
  OfficerName: text(KYC_MESSAGES.officerNameRequired),
  OfficerContact: text(KYC_MESSAGES.officerContactRequired),
  FrcRegistrationNo: z.string().trim().max(100).default(''),
  FrcRegisteredOn: calendarDay(KYC_MESSAGES.verifiedOnRequired).nullable().default(null),
});
export type AmlSettingsRequest = z.input<typeof AmlSettingsRequest>;
export const AmlSettings = z.object({
  OfficerUserNo: z.number().nullable(),
  OfficerName: z.string(),
  OfficerContact: z.string(),
  FrcRegistrationNo: z.string(),
  FrcRegisteredOn: z.string().nullable(),
  SavedAt: z.string().nullable(),
  /** The agency's users, from whom the officer may be chosen. */
  Users: z.array(z.object({ UserNo: z.number(), Name: z.string() })),
});
export type AmlSettings = z.infer<typeof AmlSettings>;

export const ThresholdRequest = z.object({
  managingAgentId: agentId,
  FromDate: calendarDay(KYC_MESSAGES.thresholdDateRequired),
  Usd: MoneyAmount(KYC_MESSAGES.thresholdUsdInvalid).refine((c) => c > 0, KYC_MESSAGES.thresholdUsdInvalid),
  KshPerUsd: z.coerce
    .number({ error: KYC_MESSAGES.thresholdRateInvalid })
    .gt(0, KYC_MESSAGES.thresholdRateInvalid)
    .max(100000, KYC_MESSAGES.thresholdRateInvalid),
  Source: z.string().trim().max(300).default(''),
});
export type ThresholdRequest = z.input<typeof ThresholdRequest>;
export const Threshold = z.object({
  ThresholdId: z.number(),
  FromDate: z.string(),
  Usd: z.number(),
  KshPerUsd: z.number(),
  Ksh: z.number(),
  Source: z.string(),
  /** False for the rows every agency starts with. */
  Own: z.boolean(),
});
export type Threshold = z.infer<typeof Threshold>;

export const AmlLogQuery = z
  .object({ managingAgentId: agentId, from: calendarDay(KYC_MESSAGES.periodInvalid), to: calendarDay(KYC_MESSAGES.periodInvalid) })
  .refine((q) => q.from <= q.to, { message: KYC_MESSAGES.periodInvalid, path: ['to'] });
export const AmlLogItem = z.object({
  Source: z.enum(AML_LOG_SOURCES),
  SourceId: z.number(),
  MoneyDate: z.string(),
  Amount: z.number(),
  Threshold: z.number(),
  Party: z.string(),
  ClientNo: z.number(),
  Method: z.string(),
  Reference: z.string(),
  LoggedAt: z.string().nullable(),
  Status: z.enum(['open', ...AML_REVIEW_STATUSES]),
  StatusNote: z.string(),
});
export type AmlLogItem = z.infer<typeof AmlLogItem>;
export const AmlReviewRequest = z.object({
  managingAgentId: agentId,
  Source: z.enum(AML_LOG_SOURCES, { error: KYC_MESSAGES.itemNotFound }),
  SourceId: z.coerce.number({ error: KYC_MESSAGES.itemNotFound }).int().positive(KYC_MESSAGES.itemNotFound),
  Status: z.enum(AML_REVIEW_STATUSES, { error: KYC_MESSAGES.statusRequired }),
  Note: z.string().trim().max(500).default(''),
});
export type AmlReviewRequest = z.input<typeof AmlReviewRequest>;

export const SuspicionRequest = z.object({
  managingAgentId: agentId,
  ClientNo: z.coerce.number().int().positive(KYC_MESSAGES.subjectRequired).nullable().default(null),
  SubjectName: text(KYC_MESSAGES.subjectNameRequired),
  SubjectDetails: z.string().trim().max(1000).default(''),
  TransactionDetails: text(KYC_MESSAGES.transactionRequired, 2000),
  Amount: MoneyAmount(KYC_MESSAGES.transactionRequired)
    .refine((c) => c > 0, KYC_MESSAGES.transactionRequired)
    .optional(),
  OccurredOn: calendarDay(KYC_MESSAGES.occurredOnRequired),
  Grounds: text(KYC_MESSAGES.groundsRequired, 4000),
});
export type SuspicionRequest = z.input<typeof SuspicionRequest>;
export const Suspicion = z.object({
  SuspicionId: z.number(),
  ClientNo: z.number().nullable(),
  SubjectName: z.string(),
  SubjectDetails: z.string(),
  TransactionDetails: z.string(),
  Amount: z.number().nullable(),
  OccurredOn: z.string(),
  Grounds: z.string(),
  RecordedAt: z.string(),
  RecordedBy: z.string(),
});
export type Suspicion = z.infer<typeof Suspicion>;
export const SuspicionQuery = z.object({
  managingAgentId: agentId,
  SuspicionId: z.coerce.number({ error: KYC_MESSAGES.suspicionNotFound }).int().positive(KYC_MESSAGES.suspicionNotFound),
});
