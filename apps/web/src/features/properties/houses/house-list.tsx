import type { House } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';

import { kshOf } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';
import { HouseOccupancy, readinessLabel } from './house-occupancy';

type HouseListProps = {
  houses: House[];
  wide: boolean;
  bookHref: (house: House) => string;
  onEdit: (house: House) => void;
};

/** A property's houses: a table on wide screens, cards on narrow ones. */
export function HouseList({ houses, wide, bookHref, onEdit }: HouseListProps) {
  const { t } = useT();
  const edit = (house: House) => (
    <Button
      size="xs"
      variant="default"
      onClick={() => onEdit(house)}
      aria-label={t('houses.editHouse', { house: house.House_number })}
    >
      {t('houses.edit')}
    </Button>
  );

  if (!wide) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {houses.map((house) => (
          <Card
            key={house.HouseId}
            withBorder
            radius="md"
            padding="md"
            component="article"
            aria-label={t('houses.house', { house: house.House_number })}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('houses.house', { house: house.House_number })}</Text>
                <HouseOccupancy house={house} bookHref={bookHref(house)} />
              </Group>
              <Text size="sm" c="dimmed">
                {house.Description}
              </Text>
              <Text size="sm">{t('houses.rentValue', { amount: kshOf(house.Rent) })}</Text>
              <Text size="sm">{t('houses.depositValue', { amount: kshOf(house.Deposit) })}</Text>
              <Text size="sm">{t('houses.readyValue', { ready: readinessLabel(t, house.readiness) })}</Text>
              <Group justify="flex-end">{edit(house)}</Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('houses.houseNo')}</Table.Th>
            <Table.Th>{t('houses.description')}</Table.Th>
            <Table.Th ta="right">{t('houses.rent')}</Table.Th>
            <Table.Th ta="right">{t('houses.deposit')}</Table.Th>
            <Table.Th>{t('houses.ready')}</Table.Th>
            <Table.Th>{t('houses.occupied')}</Table.Th>
            <Table.Th aria-label={t('houses.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {houses.map((house) => (
            <Table.Tr key={house.HouseId}>
              <Table.Td fw={600}>{house.House_number}</Table.Td>
              <Table.Td>{house.Description}</Table.Td>
              <Table.Td ta="right">{kshOf(house.Rent)}</Table.Td>
              <Table.Td ta="right">{kshOf(house.Deposit)}</Table.Td>
              <Table.Td>{readinessLabel(t, house.readiness)}</Table.Td>
              <Table.Td>
                <HouseOccupancy house={house} bookHref={bookHref(house)} />
              </Table.Td>
              <Table.Td ta="right">{edit(house)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
