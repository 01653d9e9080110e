import { PROPERTY_MESSAGES, type Property } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';

import { NextStep } from '../../../components/next-step';
import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { bookingHousesQuery, bookingPropertiesQuery } from '../api/houses';
import { HousesList } from './houses-list';
import { useT } from '../../../lib/i18n';

/** tenancymanagement/booknewtency (docs/screens.md#book-a-tenancy): choose a property, then one of its vacant houses. */
export function ChoosePropertyPage() {
  const { space, managingAgentId } = useWorkContext();
  const navigate = useNavigate();
  const { t, tm } = useT();
  const [params, setParams] = useSearchParams();
  const propId = Number(params.get('property')) || 0;
  const agentId = managingAgentId ?? 0;
  const properties = useQuery({ ...bookingPropertiesQuery(agentId), enabled: agentId > 0 });
  const houses = useQuery({ ...bookingHousesQuery(agentId, propId), enabled: agentId > 0 && propId > 0 });

  if (!managingAgentId || !space) return <NoWorkAccount />;
  const chosen = properties.data?.find((p) => p.PropId === propId);

  return (
    <Stack gap="md">
      <Title order={2}>{t('tenancies.book.title')}</Title>
      <Text c="dimmed">{t('tenancies.book.chooseIntro')}</Text>
      {properties.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(PROPERTY_MESSAGES.cannotGet)}
        </Alert>
      ) : null}
      {properties.isPending ? <Text c="dimmed">{t('tenancies.book.loading')}</Text> : null}
      {properties.data?.length === 0 ? (
        <NextStep
          message={tm(PROPERTY_MESSAGES.noProperties)}
          action={tm(PROPERTY_MESSAGES.addFirst)}
          to={paths.pm.properties.getHref(space)}
          state={{ addProperty: true }}
          allowed="allAllowed"
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
        {properties.data?.map((property: Property) => (
          <Card key={property.PropId} withBorder radius="md" padding="md" aria-label={property.Property_name}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {property.Property_name}
              </Text>
              <Badge variant="light" color={property.AvailableHouses > 0 ? 'teal' : 'gray'}>
                {t('tenancies.book.vacant', { count: property.AvailableHouses })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('tenancies.book.areaTown', { area: property.Area_Estate, town: property.Town })}
            </Text>
            <Button
              mt="sm"
              size="xs"
              variant={property.PropId === propId ? 'filled' : 'light'}
              onClick={() => setParams({ property: String(property.PropId) })}
            >
              {property.PropId === propId ? t('tenancies.book.selected') : t('tenancies.book.select')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {chosen ? (
        <Stack gap="sm">
          <Title order={3}>{t('tenancies.book.housesIn', { property: chosen.Property_name })}</Title>
          {houses.isPending ? <Text c="dimmed">{t('tenancies.book.loading')}</Text> : null}
          {houses.data ? (
            <HousesList houses={houses.data} onSelect={(house) => navigate(paths.pm.bookTenancyHouse.getHref(space, house.HouseId))} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
