import {
  ARREARS_AGES,
  amountToCents,
  collectionRate,
  formatKsh,
  monthLabel,
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
import { useFadingError } from '../../lib/use-fading-error';
import { useMoneyFigures } from './api/get-money-figures';

export const MONEY_ERROR = 'Cannot get the money figures. Try again later';

const CollectionDonut = lazy(async () => ({ default: (await import('./money-charts')).CollectionDonut }));
const ArrearsBars = lazy(async () => ({ default: (await import('./money-charts')).ArrearsBars }));
const OccupancyBars = lazy(async () => ({ default: (await import('./money-charts')).OccupancyBars }));

// formatKsh over amountToCents rather than lib/amount: importing that here would split its
// chunk and lengthen the first page's list of chunks to preload.
const kshOf = (amount: number) => formatKsh(amountToCents(amount));
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Rent collection this month, arrears by age, the tenancies most in arrears and occupancy per property. */
export function MoneyPanel({ space, agentId }: { space: Space; agentId: number }) {
  const figures = useMoneyFigures(agentId);
  const showError = useFadingError(figures.isError ? figures.errorUpdatedAt : 0);

  if (figures.isError) {
    return showError ? (
      <Alert color="red" variant="light" role="alert">
        {MONEY_ERROR}
      </Alert>
    ) : null;
  }
  const data = figures.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          id="dashboard-collection"
          title={data ? `Rent collection, ${monthLabel(data.month)}` : 'Rent collection'}
        >
          {data ? <Collection figures={data} /> : <Loading label="Loading rent collection" />}
        </Card>
        <Card id="dashboard-arrears-age" title="Rent arrears by age">
          {data ? <ArrearsByAge figures={data} /> : <Loading label="Loading arrears by age" />}
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card id="dashboard-most-in-arrears" title="Most in arrears">
          {data ? (
            <MostInArrears figures={data} space={space} />
          ) : (
            <Loading label="Loading tenancies most in arrears" />
          )}
        </Card>
        <Card id="dashboard-occupancy" title="Occupancy">
          {data ? <Occupancy figures={data} /> : <Loading label="Loading occupancy" />}
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
  const { charged, collected } = figures.collection;
  const rate = collectionRate(amountToCents(charged), amountToCents(collected));
  const rateText = rate === null ? 'No rent charged yet' : `${rate}% collected`;
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
          Charged: <strong style={NOWRAP}>{kshOf(charged)}</strong>
        </Text>
        <Text size="sm">
          Collected: <strong style={NOWRAP}>{kshOf(collected)}</strong>
        </Text>
        <Text size="xs" c="dimmed">
          Rent charged for the month against rent receipts posted in it (Nairobi time); reversed entries left
          out.
        </Text>
      </Stack>
    </Group>
  );
}

function ArrearsByAge({ figures }: { figures: DashboardMoney }) {
  const bands = ARREARS_AGES.map((band) => {
    const row = figures.arrearsByAge.find((r) => r.key === band.key);
    const axis = band.to === null ? `> ${band.from - 1}` : `${band.from}–${band.to}`;
    return { label: band.label, axis, amount: row?.amount ?? 0, tenancies: row?.tenancies ?? 0 };
  });
  const total = bands.reduce((sum, b) => sum + amountToCents(b.amount), 0);
  return (
    <Stack gap="sm">
      {total > 0 ? (
        <Suspense fallback={<Skeleton height={200} />}>
          <ArrearsBars bands={bands} />
        </Suspense>
      ) : (
        <Text c="dimmed">No rent in arrears.</Text>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Age (days unpaid)</Table.Th>
            <Table.Th ta="right">Rent arrears</Table.Th>
            <Table.Th ta="right">Tenancies</Table.Th>
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
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {formatKsh(total)}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" c="dimmed">
        Payments settle the oldest rent first; what is left unpaid of each month is as old as that month (from
        the 1st, or the start date). Deposits owed are not arrears.
      </Text>
    </Stack>
  );
}

function MostInArrears({ figures, space }: { figures: DashboardMoney; space: Space }) {
  if (figures.mostInArrears.length === 0) return <Text c="dimmed">No tenancy owes rent.</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tenant and house</Table.Th>
          <Table.Th ta="right">Rent arrears</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.mostInArrears.map((t) => (
          <Table.Tr key={t.TenancyId}>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.pm.tenancyDetails.getHref(space, t.TenancyId)}
                size="sm"
                fw={500}
              >
                {t.Tenant_name}
              </Anchor>
              {t.Ended ? (
                <Badge ml={6} size="xs" color="gray" variant="light">
                  Ended
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {t.Property_name}, House {t.House_number}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600} style={NOWRAP}>
                {kshOf(t.RentArrears)}
              </Text>
              <Text size="xs" c="dimmed" style={NOWRAP}>
                {plural(t.MonthLapse, 'month')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Occupancy({ figures }: { figures: DashboardMoney }) {
  if (figures.occupancy.length === 0) return <Text c="dimmed">No properties yet.</Text>;
  const occupied = figures.occupancy.reduce((sum, p) => sum + p.occupied, 0);
  const total = figures.occupancy.reduce((sum, p) => sum + p.total, 0);
  return (
    <Stack gap="md">
      <Text size="sm">
        <strong>{occupied}</strong> of {plural(total, 'house')} occupied ({occupancyRate(occupied, total)}%)
      </Text>
      <Suspense fallback={<Loading label="Loading occupancy per property" />}>
        <OccupancyBars properties={figures.occupancy} />
      </Suspense>
    </Stack>
  );
}
