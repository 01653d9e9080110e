import { Badge, Group, Stack, Text, Title } from '@mantine/core';

import { useAgentAccounts } from '../../lib/session';
import { useT } from '../../lib/i18n';

/** settings/{id} (docs/screens.md#profile): the agent accounts the user owns and works for. */
export function AgentAccountsManaged() {
  const accounts = useAgentAccounts();
  const { t } = useT();
  const own = accounts.data?.myAgentAccount;
  const managing = accounts.data?.managingAgentAccount;
  return (
    <Stack gap="xs" data-testid="agent-accounts-managed">
      <Title order={2} fz="md">
        {t('profile.agentAccounts')}
      </Title>
      {accounts.isPending ? <Text c="dimmed">{t('common.loading')}</Text> : null}
      {accounts.isError ? <Text c="red">{t('messages.agent.fetchAccountsFailed')}</Text> : null}
      {accounts.data && !own && !managing ? <Text c="dimmed">{t('profile.noAgentAccounts')}</Text> : null}
      {own ? (
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {own.AgentName}
          </Text>
          <Badge variant="light">
            {own.Self === 1 ? t('profile.myLandlordAccount') : t('profile.myAgencyAccount')}
          </Badge>
        </Group>
      ) : null}
      {managing ? (
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {managing.ManagingAgentName}
          </Text>
          <Badge variant="light" color="grape">
            {managing.ManagingAgentSelf === 1
              ? t('profile.workLandlordAccount')
              : t('profile.workAgencyAccount')}
          </Badge>
        </Group>
      ) : null}
    </Stack>
  );
}
