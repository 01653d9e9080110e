import { MONEY_FIGURES, TENANCY_FILTER_LABELS, TENANCY_FILTERS, TENANCY_MESSAGES, type Tenancy, type TenancyFilter } from '@makazi/domain';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { balanceOf } from '../../lib/amount';
import { activeTenanciesQuery } from './tenancy-api';

type TenancySearchDialogProps = {
  opened: boolean;
  onClose: () => void;
  managingAgentId: number;
  onSelect: (tenancy: Tenancy) => void;
};

const FILTER_OPTIONS = TENANCY_FILTERS.map((value) => ({ value, label: TENANCY_FILTER_LABELS[value] }));

/** The Search Tenancy dialog (docs/screens.md#dialogs): the agent's active tenancies, searched by name and more; a row is chosen by double-click. */
export function TenancySearchDialog({ opened, onClose, managingAgentId, onSelect }: TenancySearchDialogProps) {
  const [filterBy, setFilterBy] = useState<TenancyFilter>('Tenant_name');
  const [text, setText] = useState('');
  const [filterValue] = useDebouncedValue(text, 300);
  const list = useQuery({
    ...activeTenanciesQuery(managingAgentId, { filterBy, filterValue, pageSize: 20 }),
    enabled: opened,
  });

  const choose = (tenancy: Tenancy) => {
    onSelect(tenancy);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Search Tenancy" size="lg">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Search By"
            data={FILTER_OPTIONS}
            value={filterBy}
            onChange={(value) => value && setFilterBy(value as TenancyFilter)}
            allowDeselect={false}
          />
          <TextInput label="Search" value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
        </Group>
        {list.isPending ? <Loader size="sm" aria-label="Searching" /> : null}
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {TENANCY_MESSAGES.cannotGet}
          </Alert>
        ) : null}
        {list.data && list.data.tenancies.length === 0 ? <Text c="dimmed">{TENANCY_MESSAGES.noneFound}</Text> : null}
        {list.data && list.data.tenancies.length > 0 ? (
          <>
            <Text size="xs" c="dimmed">
              Double-click a tenancy to select it.
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Id</Table.Th>
                    <Table.Th>Tenant</Table.Th>
                    <Table.Th>House</Table.Th>
                    <Table.Th ta="right">{MONEY_FIGURES.balanceDue}</Table.Th>
                    <Table.Th aria-label="Choose" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.tenancies.map((tenancy) => (
                    <Table.Tr
                      key={tenancy.TenancyId}
                      tabIndex={0}
                      style={{ cursor: 'pointer' }}
                      onDoubleClick={() => choose(tenancy)}
                      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && choose(tenancy)}
                    >
                      <Table.Td>{tenancy.TenancyId}</Table.Td>
                      <Table.Td>{tenancy.Tenant_name}</Table.Td>
                      <Table.Td>
                        {tenancy.Property_name} · {tenancy.House_number}
                      </Table.Td>
                      <Table.Td ta="right">{balanceOf(tenancy.RentBalance)}</Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="light" onClick={() => choose(tenancy)}>
                          Select
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
