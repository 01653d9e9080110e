import { vi } from 'vitest';

type Reply = Response | Promise<Response>;
type Handler = (body: unknown, request: { url: string; init: RequestInit }) => Reply;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that cannot reach the server. */
export const offline = (): Reply => Promise.reject(new TypeError('Failed to fetch'));

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path' (query string ignored).
 * An unexpected call fails the test's expectations with a 599.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body, init });
    const handler = handlers[key];
    return handler ? handler(body, { url, init }) : json(599, { message: `unexpected ${key}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** Bodies sent to one endpoint, in order. */
    bodiesOf: (key: string) => calls.filter((call) => call.key === key).map((call) => call.body),
  };
}
