import { formatKsh, amountToCents, type VacantHouse } from '@makazi/domain';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';

/** One vacant house as a house hunter reads it: where, how much, and whom to call. */
export function HouseCard({ house }: { house: VacantHouse }) {
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={`${house.Property_name}, house ${house.House_number}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {house.Property_name} · {house.House_number}
          </Title>
          <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
            Vacant
          </Badge>
        </Group>
        <Text size="sm">
          {house.Area_Estate}, {house.Town}, {house.County}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {house.Description}
        </Text>
        <Group gap="lg">
          <Text size="sm">
            Rent <b>{formatKsh(amountToCents(house.Rent))}</b> a month
          </Text>
          <Text size="sm">
            Deposit <b>{formatKsh(amountToCents(house.Deposit))}</b>
          </Text>
        </Group>
        <Text size="sm">
          Enquiries: {house.AgencyName} ·{' '}
          <Anchor href={`tel:${house.EnquiryPhone}`}>{house.EnquiryPhone}</Anchor> ·{' '}
          <Anchor href={`mailto:${house.EnquiryEmail}`} style={{ overflowWrap: 'anywhere' }}>
            {house.EnquiryEmail}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
