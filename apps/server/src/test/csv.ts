import { parseCsv } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import type { Agency } from './estate';

/** A CSV export as a person's spreadsheet would read it: header and rows, by column name. */
export interface CsvAnswer {
  status: number;
  contentType: string | undefined;
  fileName: string | undefined;
  body: string;
  header: string[];
  rows: Record<string, string>[];
}

export async function getCsv(app: FastifyInstance, who: Pick<Agency, 'auth'> | null, url: string): Promise<CsvAnswer> {
  const res = await app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const [header = [], ...records] = res.statusCode === 200 ? parseCsv(res.body) : [];
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'] as string | undefined,
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1],
    body: res.body,
    header,
    rows: records.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))),
  };
}

/** '/api/x?managingAgentId=1&…' from a path and its query. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return `${path}?${params}`;
}
