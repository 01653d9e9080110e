import { HOUSE_OCCUPIED, type House } from '@makazi/domain';
import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';

import { kshOf } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';

type HousesListProps = { houses: House[]; selectedHouseId?: number; onSelect: (house: House) => void };

/** Houses: occupied ones show a badge and cannot be chosen; vacant ones a Select button. */
export function HousesList({ houses, selectedHouseId, onSelect }: HousesListProps) {
  const { t } = useT();
  if (houses.length === 0) return <Text c="dimmed">{t('tenancies.book.noHouses')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" aria-label={t('tenancies.book.houses')}>
      {houses.map((house) => {
        const selected = house.HouseId === selectedHouseId;
        return (
          <Card
            key={house.HouseId}
            withBorder
            radius="md"
            padding="sm"
            aria-label={t('tenancies.book.house', { house: house.House_number })}
            style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{t('tenancies.book.house', { house: house.House_number })}</Text>
              {house.Occupied === HOUSE_OCCUPIED.YES ? (
                <Badge color="gray">{t('tenancies.book.occupied')}</Badge>
              ) : house.Occupied === HOUSE_OCCUPIED.NO ? (
                <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={() => onSelect(house)} disabled={selected}>
                  {selected ? t('tenancies.book.selected') : t('tenancies.book.select')}
                </Button>
              ) : (
                <Text c="dimmed" aria-label={t('tenancies.book.statusUnknown')}>
                  —
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {house.Description}
            </Text>
            <Text size="sm">{t('tenancies.book.rent', { amount: kshOf(house.Rent) })}</Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
