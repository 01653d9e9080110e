import { Grid, Stack, Title } from '@mantine/core';

import { NoWorkAccount } from '../../components/no-work-account';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { ClientsPanel } from './clients-panel';
import { LandlordSetupPanel } from './landlord-setup-panel';
import { MoneyPanel } from './money-panel';
import { PropertiesPanel } from './properties-panel';
import { TenanciesPanel } from './tenancies-panel';

/** /propertymanagement/:space (index) and dashboard: properties, tenancy counts and the money figures of the current account. */
export function DashboardPage() {
  const { space, managingAgentId } = useWorkContext();
  const { t } = useT();
  if (space === null || managingAgentId === null) return <NoWorkAccount />;
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('dashboard.title')}
      </Title>
      <LandlordSetupPanel space={space} agentId={managingAgentId} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PropertiesPanel space={space} agentId={managingAgentId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <TenanciesPanel space={space} agentId={managingAgentId} />
            <ClientsPanel space={space} agentId={managingAgentId} />
          </Stack>
        </Grid.Col>
      </Grid>
      <MoneyPanel space={space} agentId={managingAgentId} />
    </Stack>
  );
}
