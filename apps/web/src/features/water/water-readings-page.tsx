import { accountingMonth } from '@makazi/domain';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { waterQuery } from './api/water';
import { WaterReadingsForm } from './water-readings-form';
import { WaterTariffCard } from './water-tariff-card';

/** propertymanagement/{PropId}/water (docs/screens.md#water-readings): a property's meter readings for a month. */
export function WaterReadingsPage() {
  const { t } = useT();
  const { space, managingAgentId, role } = useWorkContext();
  const { session } = useSession();
  const propId = Number(useParams().PropId);
  const [month, setMonth] = useState(() => accountingMonth(new Date()).slice(0, 7));
  const agentId = managingAgentId ?? 0;
  const valid = Number.isInteger(propId) && propId > 0 && /^\d{4}-\d{2}$/.test(month);
  const sheet = useQuery({ ...waterQuery(agentId, propId, month), enabled: agentId > 0 && valid });
  if (!space || !managingAgentId) return <NoWorkAccount />;
  const admin = role !== null && sessionRoleList(session, 'adminOnlyAllowed').includes(role);

  return (
    <Stack gap="md" maw={640}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('water.title')}</Title>
        <Button component={Link} to={paths.pm.property.getHref(space, propId)} variant="default">
          {t('water.back')}
        </Button>
      </Group>
      <TextInput
        type="month"
        label={t('water.month')}
        value={month}
        onChange={(e) => e.currentTarget.value && setMonth(e.currentTarget.value)}
        maw={220}
      />
      {sheet.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
        </Group>
      ) : sheet.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(sheet.error, t('water.failed'))}
        </Alert>
      ) : (
        <>
          <WaterTariffCard
            key={`${propId}-${JSON.stringify(sheet.data.Tariff)}`}
            tariff={sheet.data.Tariff}
            managingAgentId={managingAgentId}
            propId={propId}
            canEdit={admin}
          />
          <Title order={3} size="h4">
            {t('water.readingsTitle')}
          </Title>
          <WaterReadingsForm
            key={`${month}-${sheet.dataUpdatedAt}`}
            data={sheet.data}
            managingAgentId={managingAgentId}
            propId={propId}
            canConfirm={admin && sheet.data.Tariff !== null}
          />
        </>
      )}
      {!valid ? <Text c="red">{t('water.failed')}</Text> : null}
    </Stack>
  );
}
