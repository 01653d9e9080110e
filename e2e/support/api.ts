import type { APIRequestContext } from '@playwright/test';

/** A POST the walk's setup needs to succeed: a refusal stops the test with the server's answer. */
export async function post(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string>,
  data: object,
) {
  const res = await request.post(path, { headers, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}
