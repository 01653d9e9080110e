import { API, StatementLine } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parseApi } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const STATEMENT_API = {
  lines: API.statements.tenant,
  pdf: API.statements.pdf,
  csv: API.statements.csv,
} as const;

export async function getStatement(managingAgentId: number, tenancyId: number, signal?: AbortSignal) {
  const data = await apiFetch<unknown>(STATEMENT_API.lines, {
    query: { tenancyId, managingAgentId },
    signal,
  });
  return parseApi(z.array(StatementLine), data);
}

export const statementQuery = (managingAgentId: number, tenancyId: number) =>
  queryOptions({
    queryKey: queryKeys.statement(managingAgentId, tenancyId),
    queryFn: ({ signal }) => getStatement(managingAgentId, tenancyId, signal),
    refetchInterval: 10_000,
  });

/** The statement as a PDF, under the name the server gives it. */
export const statementPdf = (managingAgentId: number, tenancyId: number) => ({
  path: STATEMENT_API.pdf,
  query: { tenancyId, managingAgentId },
  fallbackName: `statement-${tenancyId}.pdf`,
});

/** The statement as CSV, with the statement's own query. */
export const statementCsv = (managingAgentId: number, tenancyId: number) => ({
  path: STATEMENT_API.csv,
  query: { tenancyId, managingAgentId },
  fallbackName: `statement-${tenancyId}.csv`,
});
