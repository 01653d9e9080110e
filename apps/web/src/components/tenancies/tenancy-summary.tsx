import { maskPhone, type Tenancy } from '@makazi/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** A selected tenancy at a glance: who, where, what is owed. */
export function TenancySummary({ tenancy, badge }: { tenancy: Tenancy; badge?: ReactNode }) {
  const { t, balance } = useT();
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('tenancies.summary.selected')}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {t('tenancies.summary.title', { id: tenancy.TenancyId, tenant: tenancy.Tenant_name })}
        </Text>
        {badge ?? <Badge variant="light">{tenancy.ManagingAgentName}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Item label={t('tenancies.summary.house')}>
          {tenancy.Property_name} · {tenancy.House_number}
        </Item>
        <Item label={t('tenancies.summary.phoneNo')}>{maskPhone(tenancy.PhoneNo)}</Item>
        <Item label={t('tenancies.summary.rent')}>{kshOf(tenancy.Rent)}</Item>
        <Item label={t('figures.balanceDue')}>{balance(tenancy.RentBalance)}</Item>
      </SimpleGrid>
    </Card>
  );
}
