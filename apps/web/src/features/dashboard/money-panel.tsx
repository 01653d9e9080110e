import {
  ARREARS_AGES,
  amountToCents,
  collectionRate,
  formatKsh,
  occupancyRate,
  type DashboardMoney,
} from '@makazi/domain';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';

import { paths, type Space } from '../../config/paths';
import { Trans, useT } from '../../lib/i18n';
import { useFadingError } from '../../lib/use-fading-error';
import { useMoneyFigures } from './api/get-money-figures';

const CollectionDonut = lazy(async () => ({ default: (await import('./money-charts')).CollectionDonut }));
const ArrearsBars = lazy(async () => ({ default: (await import('./money-charts')).ArrearsBars }));
const OccupancyBars = lazy(async () => ({ default: (await import('./money-charts')).OccupancyBars }));

// formatKsh over amountToCents rather than lib/amount: importing that here would split its
// chunk and lengthen the first page's list of chunks to preload.
const kshOf = (amount: number) => formatKsh(amountToCents(amount));
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Rent collection this month, arrears by age, the tenancies most in arrears and occupancy per property. */
export function MoneyPanel({ space, agentId }: { space: Space; agentId: number }) {
  const figures = useMoneyFigures(agentId);
  const { t, month } = useT();
  const showError = useFadingError(figures.isError ? figures.errorUpdatedAt : 0);

  if (figures.isError) {
    return showError ? (
      <Alert color="red" variant="light" role="alert">
        {t('dashboard.money.failed')}
      </Alert>
    ) : null;
  }
  const data = figures.data;
  return (
    <Stack gap="lg">
      {data?.goLiveMonth ? (
        <Text size="sm" c="dimmed" data-testid="dashboard-go-live">
          {t('dashboard.money.goLive', { month: month(data.goLiveMonth) })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          id="dashboard-collection"
          title={
            data
              ? t('dashboard.money.collectionOf', { month: month(data.month) })
              : t('dashboard.money.collection')
          }
        >
          {data ? <Collection figures={data} /> : <Loading label={t('dashboard.money.loadingCollection')} />}
        </Card>
        <Card id="dashboard-arrears-age" title={t('dashboard.money.arrearsByAge')}>
          {data ? <ArrearsByAge figures={data} /> : <Loading label={t('dashboard.money.loadingArrears')} />}
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card id="dashboard-most-in-arrears" title={t('dashboard.money.mostInArrears')}>
          {data ? (
            <MostInArrears figures={data} space={space} />
          ) : (
            <Loading label={t('dashboard.money.loadingMost')} />
          )}
        </Card>
        <Card id="dashboard-occupancy" title={t('dashboard.money.occupancy')}>
          {data ? <Occupancy figures={data} /> : <Loading label={t('dashboard.money.loadingOccupancy')} />}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-label={label}>
      <Skeleton height={28} />
      <Skeleton height={28} />
      <Skeleton height={28} />
    </Stack>
  );
}

function Collection({ figures }: { figures: DashboardMoney }) {
  const { t } = useT();
  const { charged, collected } = figures.collection;
  const rate = collectionRate(amountToCents(charged), amountToCents(collected));
  const rateText = rate === null ? t('dashboard.money.noneCharged') : t('dashboard.money.collectedRate', { rate });
  return (
    <Group gap="lg" align="center" justify="center">
      <Suspense fallback={<Skeleton circle height={148} />}>
        <CollectionDonut charged={charged} collected={collected} label={rate === null ? '–' : `${rate}%`} />
      </Suspense>
      <Stack gap={6} miw={0} style={{ flex: '1 1 180px' }}>
        <Text fw={700} fz="xl" c={rate === null ? 'dimmed' : 'teal.8'}>
          {rateText}
        </Text>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="dashboard.money.charged"
            values={{ amount: kshOf(charged) }}
            components={{ strong: <strong style={NOWRAP} /> }}
          />
        </Text>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="dashboard.money.collected"
            values={{ amount: kshOf(collected) }}
            components={{ strong: <strong style={NOWRAP} /> }}
          />
        </Text>
        <Text size="xs" c="dimmed">
          {t('dashboard.money.collectionNote')}
        </Text>
      </Stack>
    </Group>
  );
}

function ArrearsByAge({ figures }: { figures: DashboardMoney }) {
  const { t } = useT();
  const bands = ARREARS_AGES.map((band) => {
    const row = figures.arrearsByAge.find((r) => r.key === band.key);
    const axis = band.to === null ? `> ${band.from - 1}` : `${band.from}–${band.to}`;
    return { label: t(`dashboard.money.ages.${band.key}`), axis, amount: row?.amount ?? 0, tenancies: row?.tenancies ?? 0 };
  });
  const total = bands.reduce((sum, b) => sum + amountToCents(b.amount), 0);
  return (
    <Stack gap="sm">
      {total > 0 ? (
        <Suspense fallback={<Skeleton height={200} />}>
          <ArrearsBars bands={bands} />
        </Suspense>
      ) : (
        <Text c="dimmed">{t('dashboard.money.noArrears')}</Text>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.money.age')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.money.rentArrears')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.money.tenanciesColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bands.map((b) => (
            <Table.Tr key={b.label}>
              <Table.Td>{b.label}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {kshOf(b.amount)}
              </Table.Td>
              <Table.Td ta="right">{b.tenancies}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('dashboard.money.total')}</Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {formatKsh(total)}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" c="dimmed">
        {t('dashboard.money.agesNote')}
      </Text>
    </Stack>
  );
}

function MostInArrears({ figures, space }: { figures: DashboardMoney; space: Space }) {
  const { t } = useT();
  if (figures.mostInArrears.length === 0) return <Text c="dimmed">{t('dashboard.money.noneOwes')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('dashboard.money.tenantAndHouse')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.money.rentArrears')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.mostInArrears.map((row) => (
          <Table.Tr key={row.TenancyId}>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.pm.tenancyDetails.getHref(space, row.TenancyId)}
                size="sm"
                fw={500}
              >
                {row.Tenant_name}
              </Anchor>
              {row.Ended ? (
                <Badge ml={6} size="xs" color="gray" variant="light">
                  {t('dashboard.money.ended')}
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {t('dashboard.money.propertyHouse', { property: row.Property_name, house: row.House_number })}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600} style={NOWRAP}>
                {kshOf(row.RentArrears)}
              </Text>
              <Text size="xs" c="dimmed" style={NOWRAP}>
                {t('dashboard.money.months', { count: row.MonthLapse })}
              </Text>
              {row.ChargesDue > 0 ? (
                <Text size="xs" c="dimmed" style={NOWRAP}>
                  {t('dashboard.money.chargesApart', { amount: kshOf(row.ChargesDue) })}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Occupancy({ figures }: { figures: DashboardMoney }) {
  const { t } = useT();
  if (figures.occupancy.length === 0) return <Text c="dimmed">{t('dashboard.money.noProperties')}</Text>;
  const occupied = figures.occupancy.reduce((sum, p) => sum + p.occupied, 0);
  const total = figures.occupancy.reduce((sum, p) => sum + p.total, 0);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="dashboard.money.occupiedOf"
          count={total}
          values={{ occupied, rate: occupancyRate(occupied, total) }}
          components={{ strong: <strong /> }}
        />
      </Text>
      <Suspense fallback={<Loading label={t('dashboard.money.loadingOccupancyPer')} />}>
        <OccupancyBars properties={figures.occupancy} />
      </Suspense>
    </Stack>
  );
}
