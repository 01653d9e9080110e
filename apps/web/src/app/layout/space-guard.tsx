import { AGENT_TYPE, type Space } from '@makazi/domain';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { RequireRole } from '../../components/require-role';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useSession, useWorkContext, type Session } from '../../lib/session';

/**
 * A hired user on the account that hired them, whose admin switched them off
 * (login status 0): every request there is refused, so they are told why
 * (docs/access.md#switched-off-users) rather than shown a menu of refusals.
 */
export function switchedOffHere(session: Session, managingAgentId: number | null): boolean {
  const onWorkAccount = managingAgentId !== null && managingAgentId !== session.adminAgentId;
  return onWorkAccount && session.managingAgentUserLoginStatus !== 1;
}

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
  if (switchedOffHere(session, managingAgentId)) return <SwitchedOff />;
  return <RequireRole allowed="allAllowed">{children}</RequireRole>;
}

export function Authenticating() {
  const { t } = useT();
  return (
    <Center mih="40vh" role="status">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('errorPages.authenticating')}</Text>
      </Stack>
    </Center>
  );
}

function SwitchedOff() {
  const { t } = useT();
  return <StatusPage title={t('messages.hiring.accessSwitchedOff')} />;
}
