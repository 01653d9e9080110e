import { Alert, Anchor, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { CLIENT_MESSAGES } from '@makazi/domain';
import { Link } from 'react-router';

import { NextStep } from '../../components/next-step';
import { paths, type Space } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useFadingError } from '../../lib/use-fading-error';
import { useClientCount } from './api/get-client-count';

/** How many clients the account has registered; with none, registering one is the next step. */
export function ClientsPanel({ space, agentId }: { space: Space; agentId: number }) {
  const count = useClientCount(agentId);
  const { t, tm } = useT();
  const showError = useFadingError(count.isError ? count.errorUpdatedAt : 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-clients">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="dashboard-clients">
          {t('dashboard.clients.title')}
        </Title>
        <Anchor component={Link} to={paths.pm.addClient.getHref(space)} size="sm">
          {t('dashboard.clients.add')}
        </Anchor>
      </Group>
      {count.isPending ? (
        <Skeleton height={32} width={48} />
      ) : count.isError ? (
        showError ? (
          <Alert color="red" variant="light" role="alert">
            {t('dashboard.clients.failed')}
          </Alert>
        ) : null
      ) : count.data.registered === 0 ? (
        <NextStep
          message={tm(CLIENT_MESSAGES.noneRegistered)}
          action={tm(CLIENT_MESSAGES.registerOne)}
          to={paths.pm.addClient.getHref(space)}
          allowed="allAllowed"
        />
      ) : (
        <>
          <Text fz={32} fw={700} c="teal.8" aria-label={t('dashboard.clients.registeredLabel', { count: count.data.registered })}>
            {count.data.registered}
          </Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.clients.registered')}
          </Text>
        </>
      )}
    </Paper>
  );
}
