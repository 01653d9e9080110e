import { AGENT_MESSAGES } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import {
  ACCOUNTS_LOADING,
  useAgentAccounts,
  switchableAccounts,
  useSession,
  useSwitchSpace,
  useWorkContext,
  WORK_ACCOUNT_LOCKED_NOTE,
} from '../../lib/session';

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

  const choices = switchableAccounts(session, accounts.data);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          Choose the agency to work in
        </Title>
        <Text c="dimmed" size="sm">
          Your own account and the account that hired you. Switching reloads the data of the account you
          choose.
        </Text>
      </div>
      {choices.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>You do not have any property management account yet.</Text>
          <Button component={Link} to={paths.createAgencyAccount.getHref()}>
            Create Property management Account
          </Button>
        </Stack>
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
