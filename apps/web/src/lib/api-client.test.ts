import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  apiFetch,
  buildUrl,
  requestAccessToken,
  setAuthHandlers,
} from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const expired = () => json(403, { message: 'Token expired', code: 'TOKEN_EXPIRED' });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setAuthHandlers(null);
  vi.unstubAllGlobals();
});

function headersOf(call: number): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return init.headers as Record<string, string>;
}

describe('buildUrl', () => {
  it('prefixes /api and drops empty query values', () => {
    expect(buildUrl('/agent/getagentbyagentid', { agentId: 7, x: undefined, y: null })).toBe(
      '/api/agent/getagentbyagentid?agentId=7',
    );
    expect(buildUrl('house/getallhouses')).toBe('/api/house/getallhouses');
  });
});

describe('apiFetch', () => {
  it('sends JSON with cookies and parses the response', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { clientNo: 12 }));
    const data = await apiFetch<{ clientNo: number }>('/client/register', {
      method: 'POST',
      body: { Full_name: 'Jane' },
    });
    expect(data).toEqual({ clientNo: 12 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/client/register');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"Full_name":"Jane"}');
    expect(headersOf(0)['Content-Type']).toBe('application/json');
    expect(headersOf(0).Authorization).toBeUndefined();
  });

  it('attaches the bearer token when one exists', async () => {
    setAuthHandlers({ getAccessToken: () => 'tok-1' });
    fetchMock.mockResolvedValueOnce(json(200, []));
    await apiFetch('/properties/getAllProperties');
    expect(headersOf(0).Authorization).toBe('Bearer tok-1');
  });

  it('throws ApiError with the server message, code and errors on non-2xx', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        message: 'Email is not available',
        code: 'CONFLICT',
        errors: [{ path: 'Email', message: 'x' }],
      }),
    );
    const error = await apiFetch('/client/checkEmailNotTaken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Email is not available',
      code: 'CONFLICT',
      errors: [{ path: 'Email', message: 'x' }],
    });
  });

  it('maps a network failure to status 0 with the network message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/house/getallhouses')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('lets an abort through unchanged', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(apiFetch('/house/getallhouses')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refreshes once and retries once on 403 TOKEN_EXPIRED', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
    });
    const onAuthFailure = vi.fn();
    setAuthHandlers({ getAccessToken: () => token, refresh, onAuthFailure });
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(json(200, { ok: true }));

    await expect(apiFetch('/tenancy/getlatestinvoicingdetailsbyagentno')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).Authorization).toBe('Bearer new');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('retries exactly once: a second expiry is thrown', async () => {
    const refresh = vi.fn(async () => {});
    setAuthHandlers({ getAccessToken: () => 't', refresh });
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(expired());

    await expect(apiFetch('/agent/getagentbyagentid')).rejects.toMatchObject({
      status: 403,
      code: 'TOKEN_EXPIRED',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('calls onAuthFailure and does not retry when the refresh fails', async () => {
    const failure = new ApiError(401, 'Authentication Failed');
    const onAuthFailure = vi.fn();
    setAuthHandlers({
      getAccessToken: () => 't',
      refresh: vi.fn().mockRejectedValue(failure),
      onAuthFailure,
    });
    fetchMock.mockResolvedValueOnce(expired());

    await expect(apiFetch('/agent/getagentbyagentid')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledWith(failure);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between requests that expire together', async () => {
    let release: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    setAuthHandlers({ getAccessToken: () => 't', refresh });
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(expired())
      .mockImplementation(() => Promise.resolve(json(200, 1)));

    const both = Promise.all([apiFetch('/a'), apiFetch('/b')]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    release();
    await expect(both).resolves.toEqual([1, 1]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not treat other 403s as expiry', async () => {
    const refresh = vi.fn(async () => {});
    setAuthHandlers({ refresh });
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Forbidden', code: 'FORBIDDEN' }));
    await expect(apiFetch('/admin')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a 401 to a signed-out call is just an error: nothing to refresh', async () => {
    const refresh = vi.fn(async () => {});
    setAuthHandlers({ refresh });
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Wrong email or password', code: 'UNAUTHENTICATED' }));
    await expect(apiFetch('/userauth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a 401 to a signed-in call tries the refresh; when that fails the session is over', async () => {
    const onAuthFailure = vi.fn();
    const refresh = vi.fn(async () => {
      throw new ApiError(401, 'User authentication failed. Log in again to continue');
    });
    setAuthHandlers({ getAccessToken: () => 'ended-elsewhere', refresh, onAuthFailure });
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Authentication Failed', code: 'UNAUTHENTICATED' }));
    await expect(apiFetch('/tenancy/counts')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads Retry-After of a 429 as whole seconds', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Too many attempts. Try again in 12 minutes.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '701' },
      }),
    );
    await expect(apiFetch('/userauth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Try again in 12 minutes.',
      retryAfterSeconds: 701,
    });
  });

  it('returns undefined for an empty body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('/userauth/logout', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });
});

describe('requestAccessToken', () => {
  it('reads accessToken from the refresh endpoint', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: 'fresh' }));
    await expect(requestAccessToken()).resolves.toBe('fresh');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/userauth/refreshAccessToken');
  });
});
