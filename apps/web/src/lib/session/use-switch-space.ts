import type { Space } from '@makazi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';
import { useSessionStore } from './session-context';
import { workContextOf } from './use-work-context';

/**
 * Moves the user to a space (choosing My space or an agency entry
 * sets the current space; the managing agency can be switched within a
 * session). Switching to another agency drops every cached query first, so no
 * screen shows the previous agency's data while the new one loads.
 */
export function useSwitchSpace(): (space: Space) => void {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (space: Space) => {
      const { session, userSpace } = store.getState();
      const next = workContextOf(session, space);
      if (userSpace.currentManagingAgentId !== null && userSpace.currentManagingAgentId !== next.managingAgentId) {
        queryClient.clear();
      }
      store.setUserSpace({
        space,
        agentType: next.agentType,
        currentRole: next.role,
        currentManagingAgentId: next.managingAgentId,
        userNo: session.userNo,
      });
      void navigate(paths.pm.root.getHref(space));
    },
    [store, queryClient, navigate],
  );
}
