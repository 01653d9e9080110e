import { formatKsh, amountToCents, type VacantHouse } from '@makazi/domain';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useT } from '../../lib/i18n';

/** One vacant house as a house hunter reads it: where, how much, and whom to call. */
export function HouseCard({ house }: { house: VacantHouse }) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={t('findHouse.card', { property: house.Property_name, house: house.House_number })}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {house.Property_name} · {house.House_number}
          </Title>
          <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
            {t('findHouse.vacant')}
          </Badge>
        </Group>
        <Text size="sm">
          {t('findHouse.place', { estate: house.Area_Estate, town: house.Town, county: house.County })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {house.Description}
        </Text>
        <Group gap="lg">
          <Text size="sm">
            <Trans t={t} i18nKey="findHouse.rent" values={{ amount: formatKsh(amountToCents(house.Rent)) }} components={{ b: <b /> }} />
          </Text>
          <Text size="sm">
            <Trans t={t} i18nKey="findHouse.deposit" values={{ amount: formatKsh(amountToCents(house.Deposit)) }} components={{ b: <b /> }} />
          </Text>
        </Group>
        <Text size="sm">
          {t('findHouse.enquiries', { agency: house.AgencyName })}{' '}
          <Anchor href={`tel:${house.EnquiryPhone}`}>{house.EnquiryPhone}</Anchor> ·{' '}
          <Anchor href={`mailto:${house.EnquiryEmail}`} style={{ overflowWrap: 'anywhere' }}>
            {house.EnquiryEmail}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
