import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PROPERTY_MESSAGES, type Property } from '@makazi/domain';
import { Link } from 'react-router';

import { NextStep } from '../../components/next-step';
import { paths, type Space } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useAgentProperties } from './api/get-properties';
import { useFadingError } from '../../lib/use-fading-error';

/** Opens the properties page with its add-property form showing. */
const ADD_PROPERTY = { addProperty: true };

/** The agent's properties with their house counts: a table on wide screens, cards on phones. */
export function PropertiesPanel({ space, agentId }: { space: Space; agentId: number }) {
  const properties = useAgentProperties(agentId);
  const { t, tm } = useT();
  const showError = useFadingError(properties.isError ? properties.errorUpdatedAt : 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-properties">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="dashboard-properties">
          {t('dashboard.properties.title')}
        </Title>
        <Anchor component={Link} to={paths.pm.properties.getHref(space)} size="sm">
          {t('dashboard.properties.manage')}
        </Anchor>
      </Group>
      {properties.isPending ? (
        <Stack gap="xs" aria-label={t('dashboard.properties.loading')}>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : properties.isError ? (
        showError ? (
          <Alert color="red" variant="light" role="alert">
            {t('dashboard.properties.failed')}
          </Alert>
        ) : null
      ) : properties.data.length === 0 ? (
        <NextStep
          message={tm(PROPERTY_MESSAGES.noProperties)}
          action={tm(PROPERTY_MESSAGES.addFirst)}
          to={paths.pm.properties.getHref(space)}
          state={ADD_PROPERTY}
          allowed="allAllowed"
        />
      ) : (
        <PropertyList properties={properties.data} />
      )}
    </Paper>
  );
}

function PropertyList({ properties }: { properties: Property[] }) {
  const { t } = useT();
  return (
    <>
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.properties.propName')}</Table.Th>
              <Table.Th>{t('dashboard.properties.town')}</Table.Th>
              <Table.Th>{t('dashboard.properties.estate')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.properties.houses')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.properties.occupied')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.properties.available')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {properties.map((p) => (
              <Table.Tr key={p.PropId}>
                <Table.Td fw={500}>{p.Property_name}</Table.Td>
                <Table.Td>{p.Town}</Table.Td>
                <Table.Td>{p.Area_Estate}</Table.Td>
                <Table.Td ta="right">{p.TotalNumberOfHouses}</Table.Td>
                <Table.Td ta="right">{p.OccupiedHouses}</Table.Td>
                <Table.Td ta="right">{p.AvailableHouses}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={1} spacing="sm" hiddenFrom="sm">
        {properties.map((p) => (
          <Card key={p.PropId} withBorder padding="sm" radius="md">
            <Text fw={600}>{p.Property_name}</Text>
            <Text size="sm" c="dimmed">
              {p.Town} · {p.Area_Estate}
            </Text>
            <Text size="sm" mt={4}>
              {t('dashboard.properties.card', {
                count: p.TotalNumberOfHouses,
                occupied: p.OccupiedHouses,
                available: p.AvailableHouses,
              })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
