import { isUpToDate, MONEY_FIGURES, type Tenancy } from '@makazi/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { balanceOf, kshOf } from '../../../lib/amount';

type ResultsProps = { tenancies: Tenancy[]; onOpen: (tenancyId: number) => void };

/** Everything owed; an overpayment reads 'in credit' (MONEY_FIGURES). */
function Balance({ tenancy }: { tenancy: Tenancy }) {
  const color = tenancy.RentBalance > 0 ? 'red.9' : tenancy.RentBalance < 0 ? 'teal.9' : undefined;
  return (
    <Text span size="sm" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
      {balanceOf(tenancy.RentBalance)}
    </Text>
  );
}

function Lapse({ months }: { months: number }) {
  if (isUpToDate(months)) return <Badge color="teal" variant="light">Up to date</Badge>;
  return (
    <Badge color="red" variant="light">
      {months} {months === 1 ? 'month' : 'months'}
    </Badge>
  );
}

/** A table on wide screens, cards on narrow ones; a row or card opens the tenancy. */
export function TenanciesResults({ tenancies, onOpen }: ResultsProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!wide) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {tenancies.map((t) => (
          <UnstyledButton key={t.TenancyId} onClick={() => onOpen(t.TenancyId)}>
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} truncate>
                  {t.Tenant_name}
                </Text>
                <Text size="xs" c="dimmed">
                  #{t.TenancyId}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t.Property_name} · House {t.House_number}
              </Text>
              <Stack gap={4} mt="xs">
                <Group justify="space-between">
                  <Text size="sm">{MONEY_FIGURES.balanceDue}</Text>
                  <Balance tenancy={t} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{MONEY_FIGURES.monthsInArrears}</Text>
                  <Lapse months={t.MonthLapse} />
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
            <Table.Th>Id</Table.Th>
            <Table.Th>Tenant Name</Table.Th>
            <Table.Th>Phone No</Table.Th>
            <Table.Th>Building</Table.Th>
            <Table.Th>House</Table.Th>
            <Table.Th ta="right">Rent</Table.Th>
            <Table.Th ta="right">{MONEY_FIGURES.balanceDue}</Table.Th>
            <Table.Th>{MONEY_FIGURES.monthsInArrears}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenancies.map((t) => (
            <Table.Tr
              key={t.TenancyId}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              aria-label={`Open tenancy ${t.TenancyId}`}
              onClick={() => onOpen(t.TenancyId)}
              onKeyDown={(e) => e.key === 'Enter' && onOpen(t.TenancyId)}
            >
              <Table.Td>{t.TenancyId}</Table.Td>
              <Table.Td>{t.Tenant_name}</Table.Td>
              <Table.Td>{t.PhoneNo}</Table.Td>
              <Table.Td>{t.Property_name}</Table.Td>
              <Table.Td>{t.House_number}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {kshOf(t.Rent)}
              </Table.Td>
              <Table.Td ta="right">
                <Balance tenancy={t} />
              </Table.Td>
              <Table.Td>
                <Lapse months={t.MonthLapse} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
