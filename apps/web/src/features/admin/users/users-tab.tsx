import { Card, Divider, Stack, Title } from '@mantine/core';

import { useSession } from '../../../lib/session';
import { AddUserPanel } from './add-user-panel';
import { AgencyUsers } from './agency-users';
import { PendingOffers } from './pending-offers';
import { useT } from '../../../lib/i18n';

/** Admin → users (docs/screens.md#admin): User Management (add users, users with activation switches, hiring requests sent). */
export function UsersTab({ agentId }: { agentId: number }) {
  const { session } = useSession();
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2}>{t('admin.usersTitle')}</Title>
        <AddUserPanel agentId={agentId} adminUserNo={session.userNo} />
        <Divider />
        <AgencyUsers agentId={agentId} adminUserNo={session.userNo} />
        <Divider />
        <PendingOffers agentId={agentId} />
      </Stack>
    </Card>
  );
}
