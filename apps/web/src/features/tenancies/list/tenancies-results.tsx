import { isUpToDate, type Tenancy } from '@makazi/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { kshOf } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';

type ResultsProps = { tenancies: Tenancy[]; onOpen: (tenancyId: number) => void };

/** Everything owed; an overpayment reads "in credit" (docs/money.md#the-figures-by-name). */
function Balance({ tenancy }: { tenancy: Tenancy }) {
  const { balance } = useT();
  const color = tenancy.RentBalance > 0 ? 'red.9' : tenancy.RentBalance < 0 ? 'teal.9' : undefined;
  return (
    <Text span size="sm" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
      {balance(tenancy.RentBalance)}
    </Text>
  );
}

function Lapse({ months }: { months: number }) {
  const { t } = useT();
  if (isUpToDate(months)) return <Badge color="teal" variant="light">{t('tenancies.list.upToDate')}</Badge>;
  return (
    <Badge color="red" variant="light">
      {t('tenancies.list.months', { count: months })}
    </Badge>
  );
}

/** A table on wide screens, cards on narrow ones; a row or card opens the tenancy. */
export function TenanciesResults({ tenancies, onOpen }: ResultsProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const { t } = useT();
  if (!wide) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {tenancies.map((row) => (
          <UnstyledButton key={row.TenancyId} onClick={() => onOpen(row.TenancyId)}>
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} truncate>
                  {row.Tenant_name}
                </Text>
                <Text size="xs" c="dimmed">
                  #{row.TenancyId}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('tenancies.list.propertyHouse', { property: row.Property_name, house: row.House_number })}
              </Text>
              <Stack gap={4} mt="xs">
                <Group justify="space-between">
                  <Text size="sm">{t('figures.balanceDue')}</Text>
                  <Balance tenancy={row} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('figures.monthsInArrears')}</Text>
                  <Lapse months={row.MonthLapse} />
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenancies.list.id')}</Table.Th>
            <Table.Th>{t('tenancies.list.tenantName')}</Table.Th>
            <Table.Th>{t('tenancies.list.phoneNo')}</Table.Th>
            <Table.Th>{t('tenancies.list.building')}</Table.Th>
            <Table.Th>{t('tenancies.list.house')}</Table.Th>
            <Table.Th ta="right">{t('tenancies.list.rent')}</Table.Th>
            <Table.Th ta="right">{t('figures.balanceDue')}</Table.Th>
            <Table.Th>{t('figures.monthsInArrears')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenancies.map((row) => (
            <Table.Tr
              key={row.TenancyId}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              aria-label={t('tenancies.list.openTenancy', { id: row.TenancyId })}
              onClick={() => onOpen(row.TenancyId)}
              onKeyDown={(e) => e.key === 'Enter' && onOpen(row.TenancyId)}
            >
              <Table.Td>{row.TenancyId}</Table.Td>
              <Table.Td>{row.Tenant_name}</Table.Td>
              <Table.Td>{row.PhoneNo}</Table.Td>
              <Table.Td>{row.Property_name}</Table.Td>
              <Table.Td>{row.House_number}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {kshOf(row.Rent)}
              </Table.Td>
              <Table.Td ta="right">
                <Balance tenancy={row} />
              </Table.Td>
              <Table.Td>
                <Lapse months={row.MonthLapse} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
