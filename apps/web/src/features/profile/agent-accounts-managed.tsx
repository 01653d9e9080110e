import { AGENT_MESSAGES } from '@makazi/domain';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';

import { useAgentAccounts } from '../../lib/session';

/** settings/{id} (docs/screens.md#profile): the agent accounts the user owns and works for. */
export function AgentAccountsManaged() {
  const accounts = useAgentAccounts();
  const own = accounts.data?.myAgentAccount;
  const managing = accounts.data?.managingAgentAccount;
  return (
    <Stack gap="xs" data-testid="agent-accounts-managed">
      <Title order={2} fz="md">
        Agent accounts managed
      </Title>
      {accounts.isPending ? <Text c="dimmed">Loading</Text> : null}
      {accounts.isError ? <Text c="red">{AGENT_MESSAGES.fetchAccountsFailed}</Text> : null}
      {accounts.data && !own && !managing ? <Text c="dimmed">No agent accounts</Text> : null}
      {own ? (
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {own.AgentName}
          </Text>
          <Badge variant="light">{own.Self === 1 ? 'My landlord account' : 'My agency account'}</Badge>
        </Group>
      ) : null}
      {managing ? (
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {managing.ManagingAgentName}
          </Text>
          <Badge variant="light" color="grape">
            {managing.ManagingAgentSelf === 1 ? 'Work: Landlord Account' : 'Work: Agency Account'}
          </Badge>
        </Group>
      ) : null}
    </Stack>
  );
}
