import { formatLocalDateTime, SESSION_MARKER_COOKIE, type AuthResponse } from '@makazi/domain';

import type { Session, SessionStore } from '../session';
import { authenticateUserRequest, loginRequest, logoutRequest, refreshRequest } from './auth-api';
import { endsSession, forgetSessionEnded, markSessionEnded } from './session-ended';

/** Stores what login, refresh and authenticateuser answer (login stores the authentication data). */
export function startSession(store: SessionStore, auth: AuthResponse): void {
  store.setSession({
    isLoggedIn: true,
    accessToken: auth.accessToken,
    sessionId: auth.sessionId,
    userNo: auth.userNo,
    clientNo: auth.clientNo,
    userName: auth.userName,
    email: auth.email,
    isProgrammer: auth.isProgrammer,
    language: auth.language,
    adminAgentId: auth.adminAgentId,
    adminAccountSelf: auth.adminAccountSelf,
    adminLandlordAccNo: auth.adminLandlordAccNo,
    managingAgentId: auth.managingAgentId,
    managingAgentSelf: auth.managingAgentSelf,
    managingAgentLandlordNo: auth.managingAgentLandlordNo,
    managingAgentUserRole: auth.managingAgentUserRole,
    managingAgentUserLoginStatus: auth.managingAgentUserLoginStatus,
    roles: auth.roles,
  });
}

/** A user logged in but missing client number or user number is logged out. */
export function isIncompleteSession(session: Session): boolean {
  return session.isLoggedIn && (session.clientNo === null || session.userNo === null);
}

let pendingLogout: Promise<void> | null = null;

/**
 * Logout (docs/accounts.md#logging-out): clear all session data, tell the server (session id and the
 * local date-time), then clear again whatever the answer; a failure is ignored.
 */
export function logout(store: SessionStore): Promise<void> {
  const { sessionId } = store.getState().session;
  store.clear();
  const done = logoutRequest({ sessionId: sessionId || undefined, logoutTime: formatLocalDateTime() })
    .catch(() => undefined)
    .then(() => store.clear());
  pendingLogout = done;
  void done.finally(() => {
    if (pendingLogout === done) pendingLogout = null;
  });
  return done;
}

/**
 * Logs in with email and password. A logout still on its way is awaited first:
 * its final clear must not wipe the new session, and the server must have ended
 * the old one.
 */
export async function login(
  store: SessionStore,
  credentials: { Email: string; Password: string; Code?: string },
): Promise<AuthResponse> {
  await pendingLogout;
  const auth = await loginRequest({ ...credentials, logInTime: formatLocalDateTime() });
  forgetSessionEnded();
  startSession(store, auth);
  return auth;
}

/** Swaps the refresh cookie for a new access token; throws when that fails. */
export async function refreshSession(store: SessionStore): Promise<void> {
  startSession(store, await refreshRequest());
}

/**
 * Re-reads the session from the server without signing in again, after
 * something changed the user's agent ties (its login status is evaluated again).
 */
export async function reauthenticate(store: SessionStore): Promise<void> {
  startSession(store, await authenticateUserRequest());
}

let restoring: Promise<void> | null = null;

function hasSessionMarker(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_MARKER_COOKIE}=`));
}

/**
 * On app start the refresh cookie, if any, brings the session back (the access
 * token lives only in memory). Any failure means logged out; a refusal (401)
 * means the session was ended while the page was closed, which the user is told.
 */
export function restoreSession(store: SessionStore): Promise<void> {
  if (!hasSessionMarker()) return Promise.resolve();
  restoring ??= refreshSession(store)
    .catch((error: unknown) => {
      if (endsSession(error)) markSessionEnded();
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}
