import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PROPERTY_MESSAGES, type Property } from '@makazi/domain';
import { Link } from 'react-router';

import { NextStep } from '../../components/next-step';
import { paths, type Space } from '../../config/paths';
import { useAgentProperties } from './api/get-properties';
import { useFadingError } from '../../lib/use-fading-error';

export const PROPERTIES_ERROR = 'Cannot get properties. Try again later';
export const NO_PROPERTIES = PROPERTY_MESSAGES.noProperties;

/** Opens the properties page with its add-property form showing. */
const ADD_PROPERTY = { addProperty: true };

/** The agent's properties with their house counts: a table on wide screens, cards on phones. */
export function PropertiesPanel({ space, agentId }: { space: Space; agentId: number }) {
  const properties = useAgentProperties(agentId);
  const showError = useFadingError(properties.isError ? properties.errorUpdatedAt : 0);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-properties">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="dashboard-properties">
          Properties
        </Title>
        <Anchor component={Link} to={paths.pm.properties.getHref(space)} size="sm">
          Manage properties
        </Anchor>
      </Group>
      {properties.isPending ? (
        <Stack gap="xs" aria-label="Loading properties">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : properties.isError ? (
        showError ? (
          <Alert color="red" variant="light" role="alert">
            {PROPERTIES_ERROR}
          </Alert>
        ) : null
      ) : properties.data.length === 0 ? (
        <NextStep
          message={NO_PROPERTIES}
          action={PROPERTY_MESSAGES.addFirst}
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
  return (
    <>
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Prop Name</Table.Th>
              <Table.Th>Town</Table.Th>
              <Table.Th>Estate</Table.Th>
              <Table.Th ta="right">Houses</Table.Th>
              <Table.Th ta="right">Occupied</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
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
              {p.TotalNumberOfHouses} houses · {p.OccupiedHouses} occupied · {p.AvailableHouses} available
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
