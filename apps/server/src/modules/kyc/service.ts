import {
  KYC_DOCUMENT_MAX_BYTES,
  KYC_MESSAGES,
  accountingDate,
  centsToAmount,
  sniffDocument,
  type AmlLogItem,
  type AmlSettings,
  type AmlSettingsRequest,
  type AmlReviewRequest,
  type KycRecord,
  type KycRequest,
  type KycSubject,
  type Language,
  type Suspicion,
  type SuspicionRequest,
  type Threshold,
  type ThresholdRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Forbidden, Invalid, NotFound } from '../../errors';
import { suspicionReportPdf } from './report-pdf';
import * as repo from './repository';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * Customer due diligence of landlords and business tenants, and the agency's
 * anti-money-laundering log (POCAMLA; docs/decisions/044-kyc-and-aml-records.md).
 * Everything is appended: a correction is a new version, and the database
 * refuses changing or removing any of it within seven years.
 */
export function kycService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Admins always; an employee only while the agency names them its reporting officer. */
    async assertMayAct(agentId: number, role: number, userNo: number) {
      if (role === 5100) return;
      if ((await repo.officerOf(db, agentId)) !== userNo) throw new Forbidden(KYC_MESSAGES.officerOnly);
    },

    async subjects(agentId: number, q?: string): Promise<KycSubject[]> {
      return (await repo.subjects(db, agentId, q)).map((r) => ({
        ClientNo: Number(r.client_no),
        Full_name: String(r.full_name),
        Kinds: String(r.kinds).split(',') as KycSubject['Kinds'],
        Version: r.version == null ? null : Number(r.version),
        VerifiedOn: r.verified_on == null ? null : String(r.verified_on),
        Pep: r.pep == null ? null : Boolean(r.pep),
        Documents: Number(r.documents),
      }));
    },

    /** A new version of the subject's record, with its beneficial owners, in one transaction. */
    async save(agentId: number, userNo: number, input: z.output<typeof KycRequest>) {
      if (input.VerifiedOn > accountingDate(clock.now())) throw new Invalid(KYC_MESSAGES.verifiedInFuture, [{ path: 'VerifiedOn', message: KYC_MESSAGES.verifiedInFuture }]);
      const stands = await repo.subjectKinds(db, agentId, input.ClientNo);
      if (!stands || (!stands.landlord && !stands.tenant)) throw new NotFound(KYC_MESSAGES.notASubject);
      if (input.Kind === 'landlord' && !stands.landlord) throw new Invalid(KYC_MESSAGES.notLandlord, [{ path: 'Kind', message: KYC_MESSAGES.notLandlord }]);
      if (input.Kind === 'business_tenant' && !stands.tenant)
        throw new Invalid(KYC_MESSAGES.notBusinessTenant, [{ path: 'Kind', message: KYC_MESSAGES.notBusinessTenant }]);
      return db.transaction(async (tx) => {
        const version = await repo.nextVersion(tx, agentId, input.ClientNo);
        const kycId = await repo.insertRecord(tx, {
          agentId,
          clientNo: input.ClientNo,
          kind: input.Kind,
          version,
          fullName: input.FullName,
          idKind: input.IdKind,
          idNumber: input.IdNumber,
          kraPin: input.KraPin,
          pep: input.Pep,
          pepDetails: input.PepDetails,
          verifiedOn: input.VerifiedOn,
          note: input.Note,
          at: clock.now(),
          by: userNo,
          owners: input.BeneficialOwners.map((o) => ({ name: o.Name, idNumber: o.IdNumber, shareBp: Math.round(o.SharePercent * 100), pep: o.Pep })),
        });
        return { message: KYC_MESSAGES.saved, KycId: kycId, Version: version };
      });
    },

    async record(agentId: number, clientNo: number): Promise<KycRecord> {
      const stands = await repo.subjectKinds(db, agentId, clientNo);
      const versions = await repo.versionsOf(db, agentId, clientNo);
      if (!stands || (!stands.landlord && !stands.tenant && versions.length === 0)) throw new NotFound(KYC_MESSAGES.notASubject);
      const documents = await repo.documentsOf(db, agentId, clientNo);
      return {
        ClientNo: clientNo,
        Full_name: stands.name,
        Versions: versions.map((r) => ({
          KycId: Number(r.kyc_id),
          Version: Number(r.version),
          Kind: String(r.subject_kind) as KycRecord['Versions'][number]['Kind'],
          FullName: String(r.full_name),
          IdKind: String(r.id_kind) as KycRecord['Versions'][number]['IdKind'],
          IdNumber: String(r.id_number),
          KraPin: String(r.kra_pin),
          Pep: Boolean(r.pep),
          PepDetails: String(r.pep_details),
          VerifiedOn: String(r.verified_on),
          VerifiedBy: String(r.verified_by),
          Note: String(r.note),
          RecordedAt: iso(r.created_at),
          BeneficialOwners: (typeof r.owners === 'string' ? JSON.parse(r.owners) : r.owners) as KycRecord['Versions'][number]['BeneficialOwners'],
        })),
        Documents: documents.map((d) => ({
          DocumentId: Number(d.document_id),
          Description: String(d.description),
          FileName: String(d.file_name),
          ContentType: String(d.content_type),
          Bytes: Number(d.size),
          RecordedAt: iso(d.created_at),
        })),
      };
    },

    /** A scan kept with the subject: believed by its bytes, at most 5 MB. */
    async addDocument(agentId: number, userNo: number, input: { clientNo: number; name: string; description: string; bytes: Buffer }) {
      if (input.bytes.length === 0 || input.bytes.length > KYC_DOCUMENT_MAX_BYTES) throw new Invalid(KYC_MESSAGES.documentTooLarge);
      const type = sniffDocument(input.bytes);
      if (!type) throw new Invalid(KYC_MESSAGES.documentType);
      const stands = await repo.subjectKinds(db, agentId, input.clientNo);
      if (!stands || (!stands.landlord && !stands.tenant)) throw new NotFound(KYC_MESSAGES.notASubject);
      const documentId = await repo.insertDocument(db, {
        agentId,
        clientNo: input.clientNo,
        description: input.description,
        name: input.name.replace(/[^\w. -]/g, '_').slice(0, 200),
        type,
        bytes: input.bytes,
        at: clock.now(),
        by: userNo,
      });
      return { message: KYC_MESSAGES.documentSaved, DocumentId: documentId };
    },

    async document(agentId: number, documentId: number) {
      const d = await repo.documentOf(db, agentId, documentId);
      if (!d) throw new NotFound(KYC_MESSAGES.documentNotFound);
      return { name: d.file_name, type: d.content_type, bytes: Buffer.from(d.bytes) };
    },

    async settings(agentId: number): Promise<AmlSettings> {
      const s = await repo.settingsOf(db, agentId);
      return {
        OfficerUserNo: s?.officer_user_no == null ? null : Number(s.officer_user_no),
        OfficerName: String(s?.officer_name ?? ''),
        OfficerContact: String(s?.officer_contact ?? ''),
        FrcRegistrationNo: String(s?.frc_registration_no ?? ''),
        FrcRegisteredOn: s?.frc_registered_on == null ? null : String(s.frc_registered_on),
        SavedAt: s ? iso(s.created_at) : null,
        Users: await repo.agencyUsers(db, agentId),
      };
    },

    async saveSettings(agentId: number, userNo: number, input: z.output<typeof AmlSettingsRequest>) {
      if (input.OfficerUserNo !== null && !(await repo.agencyUsers(db, agentId)).some((u) => u.UserNo === input.OfficerUserNo))
        throw new Invalid(KYC_MESSAGES.officerNotUser, [{ path: 'OfficerUserNo', message: KYC_MESSAGES.officerNotUser }]);
      await repo.insertSettings(db, {
        agentId,
        officerUserNo: input.OfficerUserNo,
        officerName: input.OfficerName,
        officerContact: input.OfficerContact,
        frcNo: input.FrcRegistrationNo,
        frcOn: input.FrcRegisteredOn,
        at: clock.now(),
        by: userNo,
      });
      return { message: KYC_MESSAGES.settingsSaved };
    },

    async thresholds(agentId: number): Promise<Threshold[]> {
      return (await repo.thresholdsOf(db, agentId)).map((r) => ({
        ThresholdId: Number(r.threshold_id),
        FromDate: String(r.from_date),
        Usd: centsToAmount(Number(r.usd_cents)),
        KshPerUsd: Number(r.ksh_per_usd),
        Ksh: centsToAmount(Number(r.ksh_cents)),
        Source: String(r.source),
        Own: Boolean(r.own),
      }));
    },

    async saveThreshold(agentId: number, userNo: number, input: z.output<typeof ThresholdRequest>) {
      await repo.insertThreshold(db, {
        agentId,
        fromDate: input.FromDate,
        usdCents: input.Usd,
        rate: input.KshPerUsd,
        source: input.Source,
        at: clock.now(),
        by: userNo,
      });
      return { message: KYC_MESSAGES.thresholdSaved };
    },

    async log(agentId: number, from: string, to: string): Promise<AmlLogItem[]> {
      return (await repo.thresholdItems(db, agentId, from, to)).map(toItem);
    },

    /** Marks a logged item reviewed or reported (a new row each time; the newest holds). */
    async review(agentId: number, userNo: number, input: z.output<typeof AmlReviewRequest>) {
      return db.transaction(async (tx) => {
        const [item] = await repo.thresholdItems(tx, agentId, '1900-01-01', '9999-12-30', { source: input.Source, sourceId: input.SourceId });
        if (!item) throw new NotFound(KYC_MESSAGES.itemNotFound);
        const itemId = await repo.ensureLogged(tx, agentId, {
          source: input.Source,
          sourceId: input.SourceId,
          moneyDate: String(item.money_day),
          amount: Number(item.amount_cents),
          threshold: Number(item.threshold_cents),
        });
        await repo.insertReview(tx, { itemId, status: input.Status, note: input.Note, at: clock.now(), by: userNo });
        return { message: KYC_MESSAGES.reviewSaved };
      });
    },

    async suspicions(agentId: number): Promise<Suspicion[]> {
      return (await repo.suspicionsOf(db, agentId)).map(toSuspicion);
    },

    async recordSuspicion(agentId: number, userNo: number, input: z.output<typeof SuspicionRequest>) {
      if (input.ClientNo !== null) {
        const stands = await repo.subjectKinds(db, agentId, input.ClientNo);
        if (!stands || (!stands.landlord && !stands.tenant)) throw new Invalid(KYC_MESSAGES.notASubject, [{ path: 'ClientNo', message: KYC_MESSAGES.notASubject }]);
      }
      const suspicionId = await repo.insertSuspicion(db, {
        agentId,
        clientNo: input.ClientNo,
        subjectName: input.SubjectName,
        subjectDetails: input.SubjectDetails,
        transactionDetails: input.TransactionDetails,
        amount: input.Amount ?? null,
        occurredOn: input.OccurredOn,
        grounds: input.Grounds,
        at: clock.now(),
        by: userNo,
      });
      return { message: KYC_MESSAGES.suspicionSaved, SuspicionId: suspicionId };
    },

    /** The draft of the report for the FRC's goAML form, with the agency and its officer as the reporting institution. */
    async suspicionPdf(agentId: number, suspicionId: number, language: Language) {
      const [row] = await repo.suspicionsOf(db, agentId, suspicionId);
      if (!row) throw new NotFound(KYC_MESSAGES.suspicionNotFound);
      const institution = await repo.institutionOf(db, agentId);
      const settings = await repo.settingsOf(db, agentId);
      const subjectRecord = row.client_no == null ? null : (await repo.versionsOf(db, agentId, Number(row.client_no)))[0] ?? null;
      return suspicionReportPdf({
        institution: {
          ...institution,
          frcNo: String(settings?.frc_registration_no ?? ''),
          officer: settings ? `${String(settings.officer_name)} (${String(settings.officer_contact)})` : '',
        },
        suspicion: toSuspicion(row),
        subject: subjectRecord
          ? { idNumber: String(subjectRecord.id_number), kraPin: String(subjectRecord.kra_pin), pep: Boolean(subjectRecord.pep) }
          : null,
        printedAt: clock.now(),
        language,
      });
    },
  };
}

function toItem(r: Record<string, string | number | boolean | null>): AmlLogItem {
  return {
    Source: String(r.source) as AmlLogItem['Source'],
    SourceId: Number(r.source_id),
    MoneyDate: String(r.money_day),
    Amount: centsToAmount(Number(r.amount_cents)),
    Threshold: centsToAmount(Number(r.threshold_cents)),
    Party: String(r.party),
    ClientNo: Number(r.client_no),
    Method: String(r.method ?? ''),
    Reference: String(r.reference ?? ''),
    LoggedAt: r.logged_at == null ? null : iso(r.logged_at),
    Status: (r.status == null ? 'open' : String(r.status)) as AmlLogItem['Status'],
    StatusNote: String(r.status_note ?? ''),
  };
}

function toSuspicion(r: Record<string, string | number | boolean | null>): Suspicion {
  return {
    SuspicionId: Number(r.suspicion_id),
    ClientNo: r.client_no == null ? null : Number(r.client_no),
    SubjectName: String(r.subject_name),
    SubjectDetails: String(r.subject_details),
    TransactionDetails: String(r.transaction_details),
    Amount: r.amount_cents == null ? null : centsToAmount(Number(r.amount_cents)),
    OccurredOn: String(r.occurred_on),
    Grounds: String(r.grounds),
    RecordedAt: iso(r.created_at),
    RecordedBy: String(r.recorded_by),
  };
}

export type KycService = ReturnType<typeof kycService>;
