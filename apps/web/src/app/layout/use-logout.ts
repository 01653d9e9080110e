import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';
import { useSessionStore } from '../../lib/session';

/** Logout goes to / and clears the session (SPEC §2); the server call comes with auth. */
export function useLogout(): () => void {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    store.clear();
    queryClient.clear();
    void navigate(paths.home.getHref());
  }, [store, queryClient, navigate]);
}
