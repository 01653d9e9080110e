import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authResponse } from '../../testing/auth-response';
import { json, mockApi, offline } from '../../testing/mock-api';
import { apiFetch, setAuthHandlers } from '../api-client';
import { createSessionStore, emptySession } from '../session';
import { installAuthHandlers } from './auth-handlers';
import { isIncompleteSession, login, logout, restoreSession } from './session-actions';

const REFRESH = 'GET /api/userauth/refreshAccessToken';
const LOGOUT = 'POST /api/userauth/logout';
const LOGIN = 'POST /api/userauth/login';

afterEach(() => {
  setAuthHandlers(null);
  vi.unstubAllGlobals();
});

describe('restoreSession', () => {
  // The server sets this readable cookie beside the httpOnly refresh cookie.
  beforeEach(() => {
    document.cookie = 'makazi_signed_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'makazi_signed_in=; path=/; max-age=0';
  });

  it('does not ask the server without the signed-in cookie: an anonymous visit has no session to restore', async () => {
    document.cookie = 'makazi_signed_in=; path=/; max-age=0';
    const api = mockApi({ [REFRESH]: () => json(200, authResponse()) });
    const store = createSessionStore();
    await restoreSession(store);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(store.getState().session).toEqual(emptySession());
  });

  it('brings the session back from the refresh cookie, token in memory only', async () => {
    // Test files share one jsdom: what another file stored (a reader's language) is not this restore's doing.
    window.localStorage.clear();
    window.sessionStorage.clear();
    mockApi({ [REFRESH]: () => json(200, authResponse()) });
    const store = createSessionStore();
    await restoreSession(store);
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      accessToken: 'token-1',
      sessionId: 'session-1',
      userNo: 7,
      clientNo: 12,
      userName: 'Jane Wanjiru',
    });
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('treats a 401, a network failure or a malformed answer as logged out', async () => {
    for (const reply of [
      () => json(401, { message: 'Not signed in' }),
      offline,
      () => json(200, { accessToken: 'x' }),
    ]) {
      mockApi({ [REFRESH]: reply });
      const store = createSessionStore();
      await restoreSession(store);
      expect(store.getState().session).toEqual(emptySession());
    }
  });

  it('asks the server once when called twice at once', async () => {
    const api = mockApi({ [REFRESH]: () => json(200, authResponse()) });
    const store = createSessionStore();
    await Promise.all([restoreSession(store), restoreSession(store)]);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  const loggedIn = () =>
    createSessionStore({ session: { ...emptySession(), ...authResponse(), isLoggedIn: true } });

  it('clears the session, sends sessionId and the local time, then clears again', async () => {
    const store = loggedIn();
    let seenDuringCall: boolean | undefined;
    const api = mockApi({
      [LOGOUT]: (_body, { init }) => {
        seenDuringCall = store.getState().session.isLoggedIn;
        expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
        return Promise.resolve().then(() => {
          // Something written meanwhile is cleared again afterwards.
          store.setSession({ userName: 'stale' });
          return json(200, { message: 'Logged out' });
        });
      },
    });
    const done = logout(store);
    expect(store.getState().session).toEqual(emptySession());
    await done;
    expect(seenDuringCall).toBe(false);
    expect(store.getState().session).toEqual(emptySession());
    const [body] = api.bodiesOf(LOGOUT) as { sessionId: string; logoutTime: string }[];
    expect(body?.sessionId).toBe('session-1');
    expect(body?.logoutTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('ignores a failed logout call', async () => {
    const store = loggedIn();
    mockApi({ [LOGOUT]: offline });
    await expect(logout(store)).resolves.toBeUndefined();
    expect(store.getState().session).toEqual(emptySession());
  });

  it('makes a login wait for a logout still on its way', async () => {
    const store = loggedIn();
    const order: string[] = [];
    let finishLogout: (r: Response) => void = () => {};
    mockApi({
      [LOGOUT]: () => {
        order.push('logout');
        return new Promise<Response>((resolve) => (finishLogout = resolve));
      },
      [LOGIN]: () => {
        order.push('login');
        return json(200, authResponse({ accessToken: 'token-2' }));
      },
    });
    void logout(store);
    const signingIn = login(store, { Email: 'jane@example.com', Password: 'secret1' });
    await Promise.resolve();
    expect(order).toEqual(['logout']);
    finishLogout(json(200, { message: 'ok' }));
    await signingIn;
    expect(order).toEqual(['logout', 'login']);
    expect(store.getState().session.accessToken).toBe('token-2');
  });
});

describe('isIncompleteSession', () => {
  it('flags a logged-in session without client or user number', () => {
    expect(isIncompleteSession({ ...emptySession(), isLoggedIn: true, userNo: 1, clientNo: null })).toBe(true);
    expect(isIncompleteSession({ ...emptySession(), isLoggedIn: true, userNo: null, clientNo: 2 })).toBe(true);
    expect(isIncompleteSession({ ...emptySession(), isLoggedIn: true, userNo: 1, clientNo: 2 })).toBe(false);
    expect(isIncompleteSession(emptySession())).toBe(false);
  });
});

describe('installAuthHandlers', () => {
  it('sends the bearer token, refreshes once on TOKEN_EXPIRED and retries with the new token', async () => {
    const store = createSessionStore({ session: { ...emptySession(), ...authResponse(), isLoggedIn: true } });
    const onFailure = vi.fn();
    installAuthHandlers(store, onFailure);
    let calls = 0;
    const api = mockApi({
      'GET /api/things': () =>
        ++calls === 1 ? json(403, { message: 'expired', code: 'TOKEN_EXPIRED' }) : json(200, { ok: true }),
      [REFRESH]: () => json(200, authResponse({ accessToken: 'token-2' })),
    });
    await expect(apiFetch('/things')).resolves.toEqual({ ok: true });
    const auth = api.calls.map((c) => (c.init.headers as Record<string, string>).Authorization);
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/things', REFRESH, 'GET /api/things']);
    expect(auth[0]).toBe('Bearer token-1');
    expect(auth[2]).toBe('Bearer token-2');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('reports a failed refresh', async () => {
    const store = createSessionStore({ session: { ...emptySession(), ...authResponse(), isLoggedIn: true } });
    const onFailure = vi.fn();
    installAuthHandlers(store, onFailure);
    mockApi({
      'GET /api/things': () => json(403, { message: 'expired', code: 'TOKEN_EXPIRED' }),
      [REFRESH]: () => json(401, { message: 'Not signed in' }),
    });
    await expect(apiFetch('/things')).rejects.toMatchObject({ status: 403 });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
