import { isSpace, type Space } from '@makazi/domain';
import { Box, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';

import { NotFoundPage } from '../../features/errors/not-found-page';
import { useSession, useSessionStore, useWorkContext } from '../../lib/session';
import { AccountLabel } from './account-label';
import { SpaceGuard } from './space-guard';

/** Content area of /propertymanagement/:space; the sidebar lives in the shell (root layout). */
export function PropertyManagementLayout() {
  const { space } = useParams();
  if (!isSpace(space)) return <NotFoundPage />;
  return (
    <SpaceGuard space={space}>
      <SpaceContent space={space} />
    </SpaceGuard>
  );
}

function SpaceContent({ space }: { space: Space }) {
  useUserSpaceRecord(space);
  return (
    <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <AccountLabel space={space} />
        <Outlet />
      </Stack>
    </Box>
  );
}

/** Keeps the user space record (agent type, space, role, managing agent) in the store in step with the space the user is in. */
function useUserSpaceRecord(space: Space): void {
  const store = useSessionStore();
  const { session } = useSession();
  const { agentType, role, managingAgentId } = useWorkContext(space);
  const userNo = session.userNo;
  useEffect(() => {
    const current = store.getState().userSpace;
    if (
      current.space === space &&
      current.agentType === agentType &&
      current.currentRole === role &&
      current.currentManagingAgentId === managingAgentId &&
      current.userNo === userNo
    ) {
      return;
    }
    store.setUserSpace({
      space,
      agentType,
      currentRole: role,
      currentManagingAgentId: managingAgentId,
      userNo,
    });
  }, [store, space, agentType, role, managingAgentId, userNo]);
}
