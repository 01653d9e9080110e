import { apiFetchResponse } from './api-client';

type Query = Record<string, string | number | boolean | null | undefined>;

/** The name a Content-Disposition header gives a file, if it gives one. */
export function fileNameOf(disposition: string | null): string | null {
  return disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;
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

/**
 * Fetches a file with the session's token and saves it under the name the
 * server gave it. A plain link would carry no token: the access token lives in
 * memory, not in a cookie.
 */
export async function downloadFile(path: string, query: Query, accept: string, fallbackName: string): Promise<string> {
  const response = await apiFetchResponse(path, { query, accept });
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), fileName);
  return fileName;
}
