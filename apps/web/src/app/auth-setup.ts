import { notifications } from '@mantine/notifications';
import { SIGN_IN_MESSAGES } from '@makazi/domain';
import type { QueryClient } from '@tanstack/react-query';

import { paths } from '../config/paths';
import { installAuthHandlers, logout } from '../lib/auth';
import type { SessionStore } from '../lib/session';

type Navigator = {
  state: { location: { pathname: string } };
  navigate: (to: string) => Promise<void> | void;
};

const PROPERTY_MANAGEMENT = /^\/propertymanagement(\/|$)/;

/**
 * SPEC §4 Token expiry: when refreshing the session fails, the user is logged
 * out and sent to /, with a warning if they were working in property management.
 */
export function setUpAuth(router: Navigator, store: SessionStore, queryClient: QueryClient): () => void {
  return installAuthHandlers(store, () => {
    const wasWorking = PROPERTY_MANAGEMENT.test(router.state.location.pathname);
    void logout(store);
    queryClient.clear();
    if (wasWorking) {
      notifications.show({ color: 'yellow', message: SIGN_IN_MESSAGES.sessionExpired });
    }
    void router.navigate(paths.home.getHref());
  });
}
