import type { QueryClient } from '@tanstack/react-query';

import { paths } from '../config/paths';
import { ApiError } from '../lib/api-client';
import { installAuthHandlers, logout, markSessionEnded, reauthenticate } from '../lib/auth';
import type { SessionStore } from '../lib/session';

type Navigator = {
  state: { location: { pathname: string } };
  navigate: (to: string) => Promise<void> | void;
};

/**
 * When the session cannot go on (its token expired and refreshing failed, or
 * it was ended by a sign-in elsewhere) the user is logged out and sent to /,
 * where the expiry warning says why (docs/accounts.md#tokens-and-refresh).
 * Whatever page they were on: landing logged out without a word would leave
 * them guessing.
 */
export function setUpAuth(router: Navigator, store: SessionStore, queryClient: QueryClient): () => void {
  const stopWatching = watchRefusals(store, queryClient);
  const uninstall = installAuthHandlers(store, () => {
    markSessionEnded();
    void logout(store);
    queryClient.clear();
    void router.navigate(paths.home.getHref());
  });
  return () => {
    stopWatching();
    uninstall();
  };
}

const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 403 && !error.isTokenExpired;

/**
 * A 403 refusal on a work account means the admin may have switched the user
 * off: the session is read again at once, so the space guard sees login status
 * 0 and tells the user their access is switched off (docs/access.md#switched-off-users).
 */
function watchRefusals(store: SessionStore, queryClient: QueryClient): () => void {
  let pending: Promise<void> | null = null;
  const recheck = (error: unknown) => {
    const { managingAgentId, managingAgentUserLoginStatus } = store.getState().session;
    if (!isRefusal(error) || managingAgentId === null || managingAgentUserLoginStatus !== 1 || pending) return;
    pending = reauthenticate(store)
      .catch(() => undefined)
      .finally(() => {
        pending = null;
      });
  };
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  return () => {
    offQueries();
    offMutations();
  };
}
