import { HOUSE_OCCUPIED, type House } from '@makazi/domain';
import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A house's Occupied: 'Yes' is occupied and cannot be chosen, 'No' can be booked, anything else is unknown. */
export function HouseOccupancy({ house, bookHref }: { house: House; bookHref: string }) {
  if (house.Occupied === HOUSE_OCCUPIED.YES) {
    return (
      <Badge color="gray" variant="light">
        Occupied
      </Badge>
    );
  }
  if (house.Occupied === HOUSE_OCCUPIED.NO) {
    return (
      <Button component={Link} to={bookHref} size="xs" aria-label={`Select house ${house.House_number}`}>
        Select
      </Button>
    );
  }
  return (
    <Text c="dimmed" aria-label="Occupancy unknown">
      —
    </Text>
  );
}

export const readinessLabel = (readiness: number) => (readiness === 0 ? 'Yes' : readiness === 2 ? 'No' : '—');
