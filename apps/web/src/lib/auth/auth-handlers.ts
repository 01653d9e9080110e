import { setAuthHandlers } from '../api-client';
import type { SessionStore } from '../session';
import { refreshSession } from './session-actions';

/**
 * Wires the api client to the session: the bearer token comes from the store,
 * a 403 TOKEN_EXPIRED refreshes through the cookie, and `onAuthFailure` runs
 * when that refresh fails. Returns the undo.
 */
export function installAuthHandlers(store: SessionStore, onAuthFailure: (error: unknown) => void): () => void {
  setAuthHandlers({
    getAccessToken: () => store.getState().session.accessToken || null,
    refresh: () => refreshSession(store),
    onAuthFailure,
  });
  return () => setAuthHandlers(null);
}
