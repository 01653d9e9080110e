import { AGENT_MESSAGES, type Space } from '@makazi/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import {
  ACCOUNTS_LOADING,
  switchableAccounts,
  useAgentAccounts,
  useSession,
  useWorkContext,
} from '../../lib/session';

/** The header account label (docs/screens.md#header-account-label): whose account the user is working on. */
export function AccountLabel({ space }: { space: Space }) {
  const text = useAccountLabel(space);
  const { session } = useSession();
  const accounts = useAgentAccounts();
  // With one account there is nothing to switch to: a link to a page offering only it would be a dead end.
  const canSwitch = switchableAccounts(session, accounts.data).length > 1;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text
        fw={600}
        c={text === AGENT_MESSAGES.fetchAccountsFailed ? 'red' : undefined}
        data-testid="account-label"
      >
        {text}
      </Text>
      {canSwitch ? (
        <Anchor component={Link} to={paths.pm.agencySelection.getHref(space)} size="sm">
          Switch account
        </Anchor>
      ) : null}
    </Group>
  );
}

function useAccountLabel(space: Space): string {
  const { session } = useSession();
  const { managingAgentId } = useWorkContext(space);
  const accounts = useAgentAccounts();
  if (space === 'myspace') return 'MySpace';
  if (accounts.isPending) return ACCOUNTS_LOADING;
  if (accounts.isError) return AGENT_MESSAGES.fetchAccountsFailed;
  const { myAgentAccount, managingAgentAccount } = accounts.data;
  if (managingAgentId !== null && managingAgentId === session.adminAgentId) {
    return `My Agent Account: ${myAgentAccount?.AgentName ?? ''}`;
  }
  if (managingAgentAccount?.ManagingAgentSelf === 1) {
    return `Landord account for ${managingAgentAccount.ManagingAgentOwnerName}`;
  }
  return `managing Agent Account: ${managingAgentAccount?.ManagingAgentName ?? ''}`;
}
