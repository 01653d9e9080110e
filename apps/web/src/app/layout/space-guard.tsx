import { AGENT_TYPE, type Space } from '@makazi/domain';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { RequireRole } from '../../components/require-role';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useSession, useWorkContext } from '../../lib/session';

/** How long the not-authorised notice stays before the user is sent home. */
export const NOT_AUTHORISED_REDIRECT_MS = 3000;

/**
 * The route guard of /propertymanagement/{space} (docs/access.md#route-guards-in-the-web-app): login and a user number,
 * agent type 5200 for myspace, a role in this space, and, on an account that
 * hired the user, an active login status.
 */
export function SpaceGuard({ space, children }: { space: Space; children: ReactNode }) {
  const { session } = useSession();
  const { agentType, role, managingAgentId } = useWorkContext(space);

  if (!session.isLoggedIn) return <Navigate to={paths.home.getHref()} replace />;
  // A session without a user number is being logged out (useCompleteSession).
  if (session.userNo === null) return <Authenticating />;
  if (space === 'myspace' && agentType !== AGENT_TYPE.LANDLORD) {
    return <Navigate to={paths.unauthorized.getHref()} replace />;
  }
  if (role === null) return <Navigate to={paths.unauthorized.getHref()} replace />;
  const onWorkAccount = managingAgentId !== null && managingAgentId !== session.adminAgentId;
  if (onWorkAccount && session.managingAgentUserLoginStatus !== 1) return <NotAuthorised />;
  return <RequireRole allowed="allAllowed">{children}</RequireRole>;
}

export function Authenticating() {
  return (
    <Center mih="40vh" role="status">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Authenticating...</Text>
      </Stack>
    </Center>
  );
}

function NotAuthorised() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.home.getHref(), { replace: true }), NOT_AUTHORISED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <StatusPage title="You are not authorised to view this page" />;
}
