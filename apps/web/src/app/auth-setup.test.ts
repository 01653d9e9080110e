import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiFetch, setAuthHandlers } from '../lib/api-client';
import { forgetSessionEnded, isSessionEnded, logout } from '../lib/auth';
import { createSessionStore, emptySession } from '../lib/session';
import { authResponse } from '../testing/auth-response';
import { json, mockApi } from '../testing/mock-api';
import { setUpAuth } from './auth-setup';

afterEach(() => {
  forgetSessionEnded();
  setAuthHandlers(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setUp(pathname: string, things = () => json(403, { message: 'expired', code: 'TOKEN_EXPIRED' })) {
  const store = createSessionStore({ session: { ...emptySession(), ...authResponse(), isLoggedIn: true } });
  const router = { state: { location: { pathname } }, navigate: vi.fn() };
  const queryClient = new QueryClient();
  queryClient.setQueryData(['users', 7], { secret: true });
  const api = mockApi({
    'GET /api/things': things,
    'GET /api/userauth/refreshAccessToken': () => json(401, { message: 'Not signed in' }),
    'POST /api/userauth/logout': () => json(200, { message: 'ok' }),
  });
  setUpAuth(router, store, queryClient);
  return { store, router, queryClient, api };
}

describe('setUpAuth', () => {
  it('logs out, goes home and marks the session ended when it cannot be refreshed', async () => {
    const { store, router, queryClient, api } = setUp('/propertymanagement/agency/dashboard');
    await expect(apiFetch('/things')).rejects.toMatchObject({ status: 403 });
    expect(store.getState().session).toEqual(emptySession());
    expect(queryClient.getQueryData(['users', 7])).toBeUndefined();
    expect(router.navigate).toHaveBeenCalledWith('/');
    expect(isSessionEnded()).toBe(true);
    await vi.waitFor(() => expect(api.bodiesOf('POST /api/userauth/logout')).toHaveLength(1));
  });

  it('treats a 401 to a signed-in call as a session ended elsewhere, on any page', async () => {
    const { store, router, api } = setUp('/settings/7', () => json(401, { message: 'Authentication Failed', code: 'UNAUTHENTICATED' }));
    await expect(apiFetch('/things')).rejects.toMatchObject({ status: 401 });
    expect(api.bodiesOf('GET /api/userauth/refreshAccessToken')).toHaveLength(1);
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(router.navigate).toHaveBeenCalledWith('/');
    expect(isSessionEnded()).toBe(true);
  });

  it('a plain logout is not a session ended', async () => {
    const { store, api } = setUp('/propertymanagement/agency/dashboard');
    await logout(store);
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(api.bodiesOf('GET /api/userauth/refreshAccessToken')).toHaveLength(0);
    expect(isSessionEnded()).toBe(false);
  });
});

describe('a refusal on a work account', () => {
  const hired = { managingAgentId: 40, managingAgentSelf: 0 as const, managingAgentUserRole: 5101 as const, managingAgentUserLoginStatus: 1 };

  function setUpHired(session: object) {
    const store = createSessionStore({ session: { ...emptySession(), ...authResponse(session), isLoggedIn: true } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const api = mockApi({
      'GET /api/things': () => json(403, { message: 'You are not authorised to view this page', code: 'FORBIDDEN' }),
      'POST /api/userauth/authenticateuser': () => json(200, authResponse({ ...hired, managingAgentUserLoginStatus: 0 })),
    });
    setUpAuth({ state: { location: { pathname: '/propertymanagement/agency/dashboard' } }, navigate: vi.fn() }, store, queryClient);
    return { store, queryClient, api };
  }

  it('re-reads the session, so the guard sees the user switched off', async () => {
    const { store, queryClient, api } = setUpHired(hired);
    await queryClient.fetchQuery({ queryKey: ['things'], queryFn: () => apiFetch('/things') }).catch(() => undefined);
    await vi.waitFor(() => expect(store.getState().session.managingAgentUserLoginStatus).toBe(0));
    expect(api.bodiesOf('POST /api/userauth/authenticateuser')).toHaveLength(1);
  });

  it('leaves the session alone for a user who is not hired', async () => {
    const { store, queryClient, api } = setUpHired({});
    await queryClient.fetchQuery({ queryKey: ['things'], queryFn: () => apiFetch('/things') }).catch(() => undefined);
    expect(api.bodiesOf('POST /api/userauth/authenticateuser')).toHaveLength(0);
    expect(store.getState().session.isLoggedIn).toBe(true);
  });
});
