import {
  API,
  AmlLogItem,
  AmlSettings,
  KycRecord,
  KycSubject,
  Suspicion,
  Threshold,
  type AmlSettingsRequest,
  type KycRequest,
  type SuspicionRequest,
  type ThresholdRequest,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

const Message = z.object({ message: z.string() });
export const kycKey = (managingAgentId: number) => ['kyc', managingAgentId] as const;

export const subjectsQuery = (managingAgentId: number, q: string) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'subjects', q] as const,
    queryFn: async ({ signal }) =>
      parsed(z.array(KycSubject), await apiFetch<unknown>(API.kyc.subjects, { query: { managingAgentId, q: q || undefined }, signal })),
    retry: false,
  });

export const recordQuery = (managingAgentId: number, ClientNo: number) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'record', ClientNo] as const,
    queryFn: async ({ signal }) => parsed(KycRecord, await apiFetch<unknown>(API.kyc.record, { query: { managingAgentId, ClientNo }, signal })),
  });

export async function saveRecord(body: KycRequest) {
  return parsed(Message, await apiFetch<unknown>(API.kyc.record, { method: 'POST', body }));
}

export async function uploadDocument(managingAgentId: number, ClientNo: number, description: string, file: File) {
  return parsed(
    Message,
    await apiFetch<unknown>(API.kyc.document, { method: 'POST', query: { managingAgentId, ClientNo, name: file.name, description }, body: file }),
  );
}

export const downloadDocument = (managingAgentId: number, DocumentId: number, name: string) =>
  downloadFile(API.kyc.document, { managingAgentId, DocumentId }, '*/*', name);

export const settingsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'settings'] as const,
    queryFn: async ({ signal }) => parsed(AmlSettings, await apiFetch<unknown>(API.aml.settings, { query: { managingAgentId }, signal })),
  });

export async function saveSettings(body: AmlSettingsRequest) {
  return parsed(Message, await apiFetch<unknown>(API.aml.settings, { method: 'POST', body }));
}

export const thresholdsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'thresholds'] as const,
    queryFn: async ({ signal }) => parsed(z.array(Threshold), await apiFetch<unknown>(API.aml.thresholds, { query: { managingAgentId }, signal })),
  });

export async function saveThreshold(body: ThresholdRequest) {
  return parsed(Message, await apiFetch<unknown>(API.aml.thresholds, { method: 'POST', body }));
}

export const logQuery = (managingAgentId: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'log', from, to] as const,
    queryFn: async ({ signal }) => parsed(z.array(AmlLogItem), await apiFetch<unknown>(API.aml.log, { query: { managingAgentId, from, to }, signal })),
  });

export async function markItem(body: { managingAgentId: number; Source: string; SourceId: number; Status: string; Note?: string }) {
  return parsed(Message, await apiFetch<unknown>(API.aml.review, { method: 'POST', body }));
}

export const suspicionsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: [...kycKey(managingAgentId), 'suspicions'] as const,
    queryFn: async ({ signal }) => parsed(z.array(Suspicion), await apiFetch<unknown>(API.aml.suspicions, { query: { managingAgentId }, signal })),
  });

export async function recordSuspicion(body: SuspicionRequest) {
  return parsed(Message, await apiFetch<unknown>(API.aml.suspicion, { method: 'POST', body }));
}

export const downloadDraftReport = (managingAgentId: number, SuspicionId: number) =>
  downloadFile(API.aml.suspicionPdf, { managingAgentId, SuspicionId }, 'application/pdf', `draft-str-${SuspicionId}.pdf`);
