import { AGENT_MESSAGES } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import {
  accountWords,
  useAgentAccounts,
  switchableAccounts,
  useSession,
  useSwitchSpace,
  useWorkContext,
} from '../../lib/session';

/** /propertymanagement/:space/agencySelection: choose the account to work in (docs/screens.md#account-selection). */
export function AgencySelectionPage() {
  const { t, tm } = useT();
  const { session } = useSession();
  const { managingAgentId: currentAgentId } = useWorkContext();
  const switchSpace = useSwitchSpace();
  const accounts = useAgentAccounts();

  if (accounts.isPending) return <Text c="dimmed">{t('common.accountsLoading')}</Text>;
  if (accounts.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {tm(AGENT_MESSAGES.fetchAccountsFailed)}
      </Alert>
    );
  }

  const choices = switchableAccounts(session, accounts.data);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('accounts.chooseTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('accounts.chooseIntro')}
        </Text>
      </div>
      {choices.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>{t('accounts.none')}</Text>
          <Button component={Link} to={paths.createAgencyAccount.getHref()}>
            {t('accounts.create')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {choices.map((choice) => {
            const current = choice.agentId === currentAgentId;
            const words = accountWords(choice);
            return (
              <Card key={choice.key} withBorder radius="md" padding="lg" aria-label={words.title}>
                <Stack gap="xs" h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{words.title}</Text>
                    {current ? <Badge color="teal">{t('accounts.current')}</Badge> : null}
                  </Group>
                  <Text size="lg">{words.name}</Text>
                  <Text size="sm" c="dimmed">
                    {words.kind}
                  </Text>
                  {choice.locked ? (
                    <Text size="sm" c="orange.8">
                      {t('common.workAccountLocked')}
                    </Text>
                  ) : null}
                  <Button
                    mt="auto"
                    variant={current ? 'light' : 'filled'}
                    disabled={current || choice.locked}
                    onClick={() => switchSpace(choice.space)}
                  >
                    {current ? t('accounts.workingHere') : t('accounts.workIn', { title: words.title })}
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
