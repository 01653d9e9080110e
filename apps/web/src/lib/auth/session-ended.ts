import { useSyncExternalStore } from 'react';

import { ApiError } from '../api-client';

/**
 * Whether this browser's session was ended by the server rather than by the
 * user's own Logout: another sign-in terminated it, or it lapsed. The welcome
 * and sign-in pages then say so; a plain logout leaves them silent.
 */
let ended = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (ended === next) return;
  ended = next;
  listeners.forEach((listener) => listener());
}

export function markSessionEnded(): void {
  set(true);
}

export function forgetSessionEnded(): void {
  set(false);
}

export function isSessionEnded(): boolean {
  return ended;
}

/** A refresh the server refused (401) ended the session; a network failure did not. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ended,
  );
}
