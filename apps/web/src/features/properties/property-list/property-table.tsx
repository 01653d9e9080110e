import type { Property } from '@makazi/domain';
import { Button, Table } from '@mantine/core';
import { useT } from '../../../lib/i18n';

type PropertyTableProps = { properties: Property[]; onManage: (property: Property) => void };

export function PropertyTable({ properties, onManage }: PropertyTableProps) {
  const { t } = useT();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('propertyList.id')}</Table.Th>
            <Table.Th>{t('propertyList.propName')}</Table.Th>
            <Table.Th>{t('propertyList.town')}</Table.Th>
            <Table.Th>{t('propertyList.estate')}</Table.Th>
            <Table.Th>{t('propertyList.landlord')}</Table.Th>
            <Table.Th ta="right">{t('propertyList.houses')}</Table.Th>
            <Table.Th ta="right">{t('propertyList.occupied')}</Table.Th>
            <Table.Th ta="right">{t('propertyList.available')}</Table.Th>
            <Table.Th aria-label={t('propertyList.actions')} />
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
                  {t('propertyList.manage')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
