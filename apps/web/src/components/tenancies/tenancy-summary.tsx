import { MONEY_FIGURES, maskPhone, type Tenancy } from '@makazi/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { balanceOf, kshOf } from '../../lib/amount';

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
  return (
    <Card withBorder radius="md" padding="md" aria-label="Selected tenancy">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          Tenancy {tenancy.TenancyId}: {tenancy.Tenant_name}
        </Text>
        {badge ?? <Badge variant="light">{tenancy.ManagingAgentName}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Item label="House">
          {tenancy.Property_name} · {tenancy.House_number}
        </Item>
        <Item label="Phone No">{maskPhone(tenancy.PhoneNo)}</Item>
        <Item label="Rent">{kshOf(tenancy.Rent)}</Item>
        <Item label={MONEY_FIGURES.balanceDue}>{balanceOf(tenancy.RentBalance)}</Item>
      </SimpleGrid>
    </Card>
  );
}
