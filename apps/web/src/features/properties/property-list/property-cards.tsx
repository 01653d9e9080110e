import type { Property } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

type PropertyCardsProps = { properties: Property[]; onManage: (property: Property) => void };

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

export function PropertyCards({ properties, onManage }: PropertyCardsProps) {
  const { t } = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {properties.map((property) => (
        <Card
          key={property.PropId}
          withBorder
          radius="md"
          padding="md"
          component="article"
          aria-label={property.Property_name}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{property.Property_name}</Text>
              <Text size="sm" c="dimmed">
                {t('propertyList.idValue', { id: property.PropId })}
              </Text>
            </Group>
            <Text size="sm">
              {t('propertyList.townEstate', { town: property.Town, estate: property.Area_Estate })}
            </Text>
            <Group grow gap="xs">
              <Count label={t('propertyList.houses')} value={property.TotalNumberOfHouses} />
              <Count label={t('propertyList.occupied')} value={property.OccupiedHouses} />
              <Count label={t('propertyList.available')} value={property.AvailableHouses} />
            </Group>
            <Button variant="light" fullWidth onClick={() => onManage(property)}>
              {t('propertyList.manage')}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
