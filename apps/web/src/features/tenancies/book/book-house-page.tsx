import { HOUSE_OCCUPIED, TENANCY_MESSAGES } from '@makazi/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { bookingHouseQuery, bookingHousesQuery } from '../api/houses';
import { BookingFormCard } from './booking-form';
import { HousesList } from './houses-list';
import { useT } from '../../../lib/i18n';

/**
 * tenancymanagement/booknewtency/{HouseId} (docs/screens.md#book-a-tenancy): the houses of that house's
 * property, vacant ones bookable, and the booking form for the chosen one.
 */
export function BookHousePage() {
  const { HouseId } = useParams();
  const houseId = Number(HouseId);
  const { space, managingAgentId } = useWorkContext();
  const navigate = useNavigate();
  const { t, tm } = useT();
  const agentId = managingAgentId ?? 0;
  const all = useQuery({ ...bookingHouseQuery(agentId, houseId), enabled: agentId > 0 && houseId > 0 });
  const propId = all.data?.PropId ?? 0;
  const houses = useQuery({ ...bookingHousesQuery(agentId, propId), enabled: agentId > 0 && propId > 0 });

  if (!managingAgentId || !space) return <NoWorkAccount />;
  const back = (
    <Anchor component={Link} to={`${paths.pm.bookTenancy.getHref(space)}${propId ? `?property=${propId}` : ''}`} size="sm">
      {t('tenancies.book.chooseAnother')}
    </Anchor>
  );
  if (all.isError || houses.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" role="alert">
          {t('messages.api.somethingWentWrong')}
        </Alert>
      </Stack>
    );
  }
  if (all.isPending || (propId > 0 && houses.isPending)) return <Text c="dimmed">{t('tenancies.book.loading')}</Text>;
  const house = houses.data?.find((h) => h.HouseId === houseId);
  if (!house) {
    return (
      <Stack gap="md">
        {back}
        <Text>{t('tenancies.book.houseNotFound')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {back}
      <Title order={2}>{t('tenancies.book.title')}</Title>
      <Stack gap="sm">
        <Title order={3}>{t('tenancies.book.housesIn', { property: house.Property_name })}</Title>
        <HousesList
          houses={houses.data ?? []}
          selectedHouseId={house.HouseId}
          onSelect={(h) => navigate(paths.pm.bookTenancyHouse.getHref(space, h.HouseId))}
        />
      </Stack>
      {house.Occupied === HOUSE_OCCUPIED.NO ? (
        <BookingFormCard
          key={house.HouseId}
          house={house}
          managingAgentId={managingAgentId}
          onBooked={(tenancyId) => navigate(paths.pm.tenancyDetails.getHref(space, tenancyId))}
        />
      ) : (
        <Alert color="yellow" variant="light">
          {tm(TENANCY_MESSAGES.houseOccupied)}
        </Alert>
      )}
    </Stack>
  );
}
