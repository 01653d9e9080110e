import { Stack } from '@mantine/core';

import { NoWorkAccount } from '../../components/no-work-account';
import { useWorkContext } from '../../lib/session';
import { OpeningBalancesTab } from './opening-balances-tab';

export function OpeningBalancesPage() {
  const { managingAgentId } = useWorkContext();
  if (!managingAgentId) return <NoWorkAccount />;
  return (
    <Stack gap="md" maw={1000}>
      <OpeningBalancesTab managingAgentId={managingAgentId} />
    </Stack>
  );
}
