import { AGENT_MESSAGES, type Space } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import {
  ACCOUNTS_LOADING,
  useAgentAccounts,
  useSession,
  useSwitchSpace,
  useWorkContext,
  WORK_ACCOUNT_LOCKED_NOTE,
  workContextOf,
} from '../../lib/session';

type Choice = {
  key: string;
  title: string;
  name: string;
  kind: string;
  space: Space;
  agentId: number;
  locked: boolean;
};

/** /propertymanagement/:space/agencySelection: choose the account to work in (docs/screens.md#account-selection). */
export function AgencySelectionPage() {
  const { session } = useSession();
  const { managingAgentId: currentAgentId } = useWorkContext();
  const switchSpace = useSwitchSpace();
  const accounts = useAgentAccounts();

  if (accounts.isPending) return <Text c="dimmed">{ACCOUNTS_LOADING}</Text>;
  if (accounts.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {AGENT_MESSAGES.fetchAccountsFailed}
      </Alert>
    );
  }

  const { myAgentAccount: own, managingAgentAccount: work } = accounts.data;
  const choices: Choice[] = [];
  if (own) {
    choices.push({
      key: 'own',
      title: own.Self === 1 ? 'My space' : 'My Agency',
      name: own.AgentName,
      kind: own.Self === 1 ? 'Landlord account' : 'Agency account',
      space: own.Self === 1 ? 'myspace' : 'agency',
      agentId: own.AgentId,
      locked: false,
    });
  }
  // The work account is reachable only where role derivation leads the agency space to it.
  if (work && workContextOf(session, 'agency').managingAgentId === work.ManagingAgentId) {
    choices.push({
      key: 'work',
      title: 'My Work',
      name: work.ManagingAgentSelf === 1 ? `Landord account for ${work.ManagingAgentOwnerName}` : work.ManagingAgentName,
      kind: work.ManagingAgentSelf === 1 ? 'Landlord Account' : 'Agency Account',
      space: 'agency',
      agentId: work.ManagingAgentId,
      locked: session.managingAgentUserLoginStatus !== 1,
    });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          Choose the agency to work in
        </Title>
        <Text c="dimmed" size="sm">
          Your own account and the account that hired you. Switching reloads the data of the account you choose.
        </Text>
      </div>
      {choices.length === 0 ? (
        <Text>You do not have any property management account yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {choices.map((choice) => {
            const current = choice.agentId === currentAgentId;
            return (
              <Card key={choice.key} withBorder radius="md" padding="lg" aria-label={choice.title}>
                <Stack gap="xs" h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{choice.title}</Text>
                    {current ? <Badge color="teal">Current</Badge> : null}
                  </Group>
                  <Text size="lg">{choice.name}</Text>
                  <Text size="sm" c="dimmed">
                    {choice.kind}
                  </Text>
                  {choice.locked ? (
                    <Text size="sm" c="orange.8">
                      {WORK_ACCOUNT_LOCKED_NOTE}
                    </Text>
                  ) : null}
                  <Button
                    mt="auto"
                    variant={current ? 'light' : 'filled'}
                    disabled={current || choice.locked}
                    onClick={() => switchSpace(choice.space)}
                  >
                    {current ? 'Working here' : `Work in ${choice.title}`}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
