import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';
import { logout } from '../../lib/auth';
import { useSessionStore } from '../../lib/session';

/** Logout (docs/accounts.md#logging-out): the session is cleared at once, the server told, and the user goes to /. */
export function useLogout(): () => void {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void logout(store);
    queryClient.clear();
    void navigate(paths.home.getHref());
  }, [store, queryClient, navigate]);
}
