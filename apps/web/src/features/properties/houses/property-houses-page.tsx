import type { House } from '@makazi/domain';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { sessionRoleList, useSession, useWorkContext } from '../../../lib/session';
import { PropertyChargesCard } from '../../../components/charges/property-charges-card';
import { housesQuery } from '../api/houses';
import { propertiesQuery } from '../api/properties';
import type { PropertyRouteState } from '../property-list/properties-page';
import { useWideScreen } from '../property-list/use-wide-screen';
import { HouseFormModal } from './house-form-modal';
import { HouseList } from './house-list';

/** propertymanagement/{PropId} (docs/screens.md#houses): the property's houses; add and edit a house. */
export function PropertyHousesPage() {
  const { space, managingAgentId, role } = useWorkContext();
  const { session } = useSession();
  const propId = Number(useParams().PropId);
  const state = useLocation().state as Partial<PropertyRouteState> | null;
  const wide = useWideScreen();
  const { t, tm } = useT();
  const [target, setTarget] = useState<House | 'new' | null>(null);
  const agentId = managingAgentId ?? 0;
  const valid = Number.isInteger(propId) && propId > 0;
  // The list hands the property over; a reload or a typed URL fetches it again.
  const handed = state?.property?.PropId === propId ? state.property : undefined;
  const properties = useQuery({ ...propertiesQuery(agentId), enabled: agentId > 0 && valid && !handed });
  const houses = useQuery({ ...housesQuery(agentId, propId), enabled: agentId > 0 && valid });
  if (!space || !managingAgentId) return <NoWorkAccount />;

  const property = handed ?? properties.data?.find((p) => p.PropId === propId);
  const origin = state?.origin ?? paths.pm.properties.getHref(space);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{property ? property.Property_name : t('houses.property', { id: valid ? propId : '' })}</Title>
          {property ? (
            <Text c="dimmed" size="sm">
              {t('houses.propertyLine', {
                town: property.Town,
                estate: property.Area_Estate,
                landlord: property.LandlordName,
              })}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Button component={Link} to={origin} variant="default">
            {t('houses.back')}
          </Button>
          <Button
            component={Link}
            to={paths.pm.waterReadings.getHref(space, propId)}
            variant="default"
            disabled={!valid}
          >
            {t('water.openReadings')}
          </Button>
          <Button onClick={() => setTarget('new')} disabled={!valid}>
            {t('houses.addHouse')}
          </Button>
        </Group>
      </Group>
      {!valid ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.api.somethingWentWrong')}
        </Alert>
      ) : houses.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t('houses.loading')}</Text>
        </Group>
      ) : houses.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(
            houses.error.message === 'Invalid response data'
              ? houses.error.message
              : 'Something Went wrong. Try Again Later',
          )}
        </Alert>
      ) : houses.data.length === 0 ? (
        <Text c="dimmed">{t('houses.none')}</Text>
      ) : (
        <HouseList
          houses={houses.data}
          wide={wide}
          bookHref={(house) => paths.pm.bookTenancyHouse.getHref(space, house.HouseId)}
          onEdit={setTarget}
        />
      )}
      {valid ? (
        <PropertyChargesCard
          managingAgentId={managingAgentId}
          propId={propId}
          canEdit={role !== null && sessionRoleList(session, 'adminOnlyAllowed').includes(role)}
        />
      ) : null}
      <HouseFormModal
        target={target}
        agentId={managingAgentId}
        propId={propId}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
