import { Alert, Anchor, Box, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { TENANCY_MESSAGES } from '@makazi/domain';
import { Link } from 'react-router';

import { NextStep } from '../../components/next-step';
import { paths, type Space } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useTenancyCounts } from './api/get-tenancy-counts';
import { useFadingError } from '../../lib/use-fading-error';

/** Counts of all tenancies and of tenancies with balances (RentBalance above 0). */
export function TenanciesPanel({ space, agentId }: { space: Space; agentId: number }) {
  const counts = useTenancyCounts(agentId);
  const { t, tm } = useT();
  const showError = useFadingError(counts.isError ? counts.errorUpdatedAt : 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-tenancies">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="dashboard-tenancies">
          {t('dashboard.tenancies.title')}
        </Title>
        <Anchor component={Link} to={paths.pm.tenancies.getHref(space)} size="sm">
          {t('dashboard.tenancies.list')}
        </Anchor>
      </Group>
      {counts.isError ? (
        showError ? (
          <Alert color="red" variant="light" role="alert">
            {t('dashboard.tenancies.failed')}
          </Alert>
        ) : null
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, lg: 1 }} spacing="md">
            <Count label={t('dashboard.tenancies.active')} value={counts.data?.all} more={counts.data?.moreThan.all} />
            <Count
              label={t('dashboard.tenancies.withBalances')}
              value={counts.data?.withBalances}
              more={counts.data?.moreThan.withBalances}
              tone="orange"
            />
            <Count
              label={t('dashboard.tenancies.endedWithBalances')}
              value={counts.data?.endedWithBalances}
              more={counts.data?.moreThan.endedWithBalances}
              tone="red"
            />
          </SimpleGrid>
          {counts.data?.all === 0 ? (
            <Box mt="md">
              <NextStep
                message={tm(TENANCY_MESSAGES.noneFound)}
                action={tm(TENANCY_MESSAGES.bookOne)}
                to={paths.pm.bookTenancy.getHref(space)}
                allowed="allAllowed"
              />
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}

/** A count; one that stopped a stretch in (`more`, decision 024) reads "More than 1000", as on Admin. */
function Count({ label, value, more, tone = 'teal' }: { label: string; value: number | undefined; more?: boolean; tone?: string }) {
  const { t } = useT();
  const shown = more ? t('admin.stats.moreThan', { count: value }) : value;
  return (
    <Paper bg={`${tone}.0`} radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} width={48} mt={4} />
      ) : (
        <Text fz={32} fw={700} c={`${tone}.8`} aria-label={t('dashboard.tenancies.countLabel', { label, count: shown })}>
          {shown}
        </Text>
      )}
    </Paper>
  );
}
