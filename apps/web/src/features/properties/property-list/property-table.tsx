import type { Property } from '@makazi/domain';
import { Button, Table } from '@mantine/core';

type PropertyTableProps = { properties: Property[]; onManage: (property: Property) => void };

export function PropertyTable({ properties, onManage }: PropertyTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Prop Name</Table.Th>
            <Table.Th>Town</Table.Th>
            <Table.Th>Estate</Table.Th>
            <Table.Th>Landlord</Table.Th>
            <Table.Th ta="right">Houses</Table.Th>
            <Table.Th ta="right">Occupied</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr key={property.PropId}>
              <Table.Td>{property.PropId}</Table.Td>
              <Table.Td fw={600}>{property.Property_name}</Table.Td>
              <Table.Td>{property.Town}</Table.Td>
              <Table.Td>{property.Area_Estate}</Table.Td>
              <Table.Td>{property.LandlordName}</Table.Td>
              <Table.Td ta="right">{property.TotalNumberOfHouses}</Table.Td>
              <Table.Td ta="right">{property.OccupiedHouses}</Table.Td>
              <Table.Td ta="right">{property.AvailableHouses}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" onClick={() => onManage(property)}>
                  Manage
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
