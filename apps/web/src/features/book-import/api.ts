import { API, BookImported, BookMappings, BookPreview, BookProgress, type BookMappingRequest, type Language } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { parseApiData as parsed } from '../../lib/parse-api-data';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const downloadTemplate = (managingAgentId: number, lang: Language) =>
  downloadFile(API.bookImport.template, { managingAgentId, lang }, XLSX, `makazi-import-${lang}.xlsx`);

/** The file as it is: the server reads it from its bytes, whatever the browser calls it. */
const asUpload = (file: File) => new Blob([file], { type: file.type || 'application/octet-stream' });

export const previewBook = async (managingAgentId: number, file: File) =>
  parsed(BookPreview, await apiFetch<unknown>(API.bookImport.preview, { method: 'POST', query: { managingAgentId, name: file.name }, body: asUpload(file) }));

export const confirmBook = async (managingAgentId: number, file: File) =>
  parsed(BookImported, await apiFetch<unknown>(API.bookImport.confirm, { method: 'POST', query: { managingAgentId, name: file.name }, body: asUpload(file) }));

export const progressQuery = (managingAgentId: number, polling: boolean) =>
  queryOptions({
    queryKey: ['book-import', managingAgentId, 'progress'] as const,
    queryFn: async ({ signal }) => parsed(BookProgress, await apiFetch<unknown>(API.bookImport.progress, { query: { managingAgentId }, signal })),
    refetchInterval: polling ? 500 : false,
    enabled: polling,
  });

export const mappingsQuery = (managingAgentId: number) =>
  queryOptions({
    queryKey: ['book-import', managingAgentId, 'mappings'] as const,
    queryFn: async ({ signal }) => parsed(BookMappings, await apiFetch<unknown>(API.bookImport.mapping, { query: { managingAgentId }, signal })),
  });

export const saveMapping = async (body: BookMappingRequest) =>
  parsed(z.object({ message: z.string() }), await apiFetch<unknown>(API.bookImport.mapping, { method: 'POST', body }));
