import { API, StatementLine } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch, apiFetchResponse } from '../../../lib/api-client';
import { parseApiData as parseApi } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

const STATEMENT_API = {
  lines: API.statements.tenant,
  pdf: API.statements.pdf,
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

/** The statement as a PDF, fetched with the session's token (a plain link would carry none). */
export async function fetchStatementPdf(managingAgentId: number, tenancyId: number): Promise<Blob> {
  const response = await apiFetchResponse(STATEMENT_API.pdf, {
    query: { tenancyId, managingAgentId },
    accept: 'application/pdf',
  });
  return response.blob();
}

/** Saves a blob through a temporary object URL, as the browser's own download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked after the click has been handled, or some browsers lose the file.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
