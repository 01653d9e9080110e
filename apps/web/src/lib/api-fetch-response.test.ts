import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../testing/mock-api';
import { ApiError, apiFetchResponse, setAuthHandlers } from './api-client';

afterEach(() => {
  setAuthHandlers(null);
  vi.unstubAllGlobals();
});

describe('apiFetchResponse', () => {
  it('answers the response itself, headers and bytes, with the token and the asked Accept', async () => {
    const api = mockApi({
      'GET /api/file': () => new Response('%PDF-1.4', { status: 200, headers: { 'x-total-count': '3' } }),
    });
    setAuthHandlers({ getAccessToken: () => 'tok-1' });
    const response = await apiFetchResponse('/file', { query: { id: 9 }, accept: 'application/pdf' });
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(await response.text()).toBe('%PDF-1.4');
    expect(api.calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'application/pdf' });
  });

  it('refreshes an expired token once and retries, like apiFetch', async () => {
    let token = 'old';
    let first = true;
    mockApi({
      'GET /api/file': () => {
        if (first) {
          first = false;
          return json(403, { message: 'Token expired', code: 'TOKEN_EXPIRED' });
        }
        return new Response('ok', { status: 200 });
      },
    });
    const refresh = vi.fn(async () => {
      token = 'new';
    });
    setAuthHandlers({ getAccessToken: () => token, refresh });
    expect(await (await apiFetchResponse('/file')).text()).toBe('ok');
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('throws ApiError with the server message on failure', async () => {
    mockApi({ 'GET /api/file': () => json(404, { message: 'Tenancy not found' }) });
    await expect(apiFetchResponse('/file')).rejects.toEqual(expect.objectContaining({ status: 404, message: 'Tenancy not found' }));
    await expect(apiFetchResponse('/file')).rejects.toBeInstanceOf(ApiError);
  });
});
