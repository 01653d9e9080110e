import { PROPERTY_MESSAGES, type Property } from '@makazi/domain';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { AddPropertyForm } from '../add-property/add-property-form';
import { propertiesQuery } from '../api/properties';
import { PropertyCards } from './property-cards';
import { PropertyTable } from './property-table';
import { useWideScreen } from './use-wide-screen';
import { useT } from '../../../lib/i18n';

/** What the list hands the property page; the page refetches when it is missing. */
export type PropertyRouteState = { property: Property; origin: string };

/** propertymanagement (docs/screens.md#properties): the agent's properties, with add-new-property. */
export function PropertiesPage() {
  const { space, role, managingAgentId } = useWorkContext();
  const navigate = useNavigate();
  const wide = useWideScreen();
  const { t, tm } = useT();
  const location = useLocation();
  // The dashboard's 'Add your first property' arrives with the form to open.
  const [adding, setAdding] = useState(
    () => (location.state as { addProperty?: unknown } | null)?.addProperty === true,
  );
  const list = useQuery({ ...propertiesQuery(managingAgentId ?? 0), enabled: managingAgentId !== null });
  if (!space || !managingAgentId || role === null) return <NoWorkAccount />;

  const manage = (property: Property) => {
    const state: PropertyRouteState = { property, origin: location.pathname };
    void navigate(paths.pm.property.getHref(space, property.PropId), { state });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('propertyList.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('propertyList.addNew')}</Button>
      </Group>
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t('propertyList.loading')}</Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(PROPERTY_MESSAGES.cannotGet)}
        </Alert>
      ) : list.data.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{tm(PROPERTY_MESSAGES.noProperties)}</Text>
          <Button variant="default" onClick={() => setAdding(true)}>
            {tm(PROPERTY_MESSAGES.addFirst)}
          </Button>
        </Stack>
      ) : wide ? (
        <PropertyTable properties={list.data} onManage={manage} />
      ) : (
        <PropertyCards properties={list.data} onManage={manage} />
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('propertyList.addNew')} size="lg">
        <AddPropertyForm managingAgentId={managingAgentId} role={role} onDone={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}
