import { HOUSE_OCCUPIED, type House } from '@makazi/domain';
import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';

import { kshOf } from '../../../lib/amount';

type HousesListProps = { houses: House[]; selectedHouseId?: number; onSelect: (house: House) => void };

/** Houses: occupied ones show a badge and cannot be chosen; vacant ones a Select button. */
export function HousesList({ houses, selectedHouseId, onSelect }: HousesListProps) {
  if (houses.length === 0) return <Text c="dimmed">No houses in this property yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" aria-label="Houses">
      {houses.map((house) => {
        const selected = house.HouseId === selectedHouseId;
        return (
          <Card
            key={house.HouseId}
            withBorder
            radius="md"
            padding="sm"
            aria-label={`House ${house.House_number}`}
            style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>House {house.House_number}</Text>
              {house.Occupied === HOUSE_OCCUPIED.YES ? (
                <Badge color="gray">Occupied</Badge>
              ) : house.Occupied === HOUSE_OCCUPIED.NO ? (
                <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={() => onSelect(house)} disabled={selected}>
                  {selected ? 'Selected' : 'Select'}
                </Button>
              ) : (
                <Text c="dimmed" aria-label="Status unknown">
                  —
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {house.Description}
            </Text>
            <Text size="sm">Rent {kshOf(house.Rent)}</Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
