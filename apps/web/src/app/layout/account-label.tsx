import { AGENT_MESSAGES, type Space } from '@makazi/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import {
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
  const { t } = useT();
  // With one account there is nothing to switch to: a link to a page offering only it would be a dead end.
  const canSwitch = switchableAccounts(session, accounts.data).length > 1;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text
        fw={600}
        c={space !== 'myspace' && !accounts.isPending && accounts.isError ? 'red' : undefined}
        data-testid="account-label"
      >
        {text}
      </Text>
      {canSwitch ? (
        <Anchor component={Link} to={paths.pm.agencySelection.getHref(space)} size="sm">
          {t('admin.accountLabel.switchAccount')}
        </Anchor>
      ) : null}
    </Group>
  );
}

function useAccountLabel(space: Space): string {
  const { session } = useSession();
  const { t, tm } = useT();
  const { managingAgentId } = useWorkContext(space);
  const accounts = useAgentAccounts();
  if (space === 'myspace') return t('admin.accountLabel.mySpace');
  if (accounts.isPending) return t('common.accountsLoading');
  if (accounts.isError) return tm(AGENT_MESSAGES.fetchAccountsFailed);
  const { myAgentAccount, managingAgentAccount } = accounts.data;
  if (managingAgentId !== null && managingAgentId === session.adminAgentId) {
    return t('admin.accountLabel.myAgent', { name: myAgentAccount?.AgentName ?? '' });
  }
  if (managingAgentAccount?.ManagingAgentSelf === 1) {
    return t('admin.accountLabel.landlord', { name: managingAgentAccount.ManagingAgentOwnerName });
  }
  return t('admin.accountLabel.managing', { name: managingAgentAccount?.ManagingAgentName ?? '' });
}
