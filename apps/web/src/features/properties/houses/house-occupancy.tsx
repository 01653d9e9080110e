import { HOUSE_OCCUPIED, type House } from '@makazi/domain';
import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';

import { useT } from '../../../lib/i18n';

/** A house's Occupied: 'Yes' is occupied and cannot be chosen, 'No' can be booked, anything else is unknown. */
export function HouseOccupancy({ house, bookHref }: { house: House; bookHref: string }) {
  const { t } = useT();
  if (house.Occupied === HOUSE_OCCUPIED.YES) {
    return (
      <Badge color="gray" variant="light">
        {t('houses.occupied')}
      </Badge>
    );
  }
  if (house.Occupied === HOUSE_OCCUPIED.NO) {
    return (
      <Button component={Link} to={bookHref} size="xs" aria-label={t('houses.selectHouse', { house: house.House_number })}>
        {t('houses.select')}
      </Button>
    );
  }
  return (
    <Text c="dimmed" aria-label={t('houses.occupancyUnknown')}>
      —
    </Text>
  );
}

/** A house's readiness as the list says it: Yes, No, or a dash when it is not recorded. */
export const readinessLabel = (t: TFunction, readiness: number) =>
  readiness === 0 ? t('houses.yes') : readiness === 2 ? t('houses.no') : '—';
