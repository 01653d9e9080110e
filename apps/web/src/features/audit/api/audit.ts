import { API, AuditList } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export type AuditFilters = { userNo?: string; table?: string; recordId?: string; from?: string; to?: string };

/** Only the filters filled in go to the server. */
const queryOf = (managingAgentId: number, filters: AuditFilters) => ({
  managingAgentId,
  ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v.trim() !== '')),
});

export const auditQuery = (managingAgentId: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', managingAgentId, filters] as const,
    queryFn: async ({ signal }) =>
      parsed(AuditList, await apiFetch<unknown>(API.audit.events, { query: queryOf(managingAgentId, filters), signal })),
  });

export const downloadAuditCsv = (managingAgentId: number, filters: AuditFilters) =>
  downloadFile(API.audit.csv, queryOf(managingAgentId, filters), 'text/csv', `audit-agent${managingAgentId}.csv`);
