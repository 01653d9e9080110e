import { TENANCY_FILTERS, TENANCY_MESSAGES, type Tenancy, type TenancyFilter } from '@makazi/domain';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { activeTenanciesQuery } from '../../lib/api/tenancies';
import { useT } from '../../lib/i18n';

type TenancySearchDialogProps = {
  opened: boolean;
  onClose: () => void;
  managingAgentId: number;
  onSelect: (tenancy: Tenancy) => void;
};

/** The Search Tenancy dialog (docs/screens.md#dialogs): the agent's active tenancies, searched by name and more; a row is chosen by double-click. */
export function TenancySearchDialog({ opened, onClose, managingAgentId, onSelect }: TenancySearchDialogProps) {
  const [filterBy, setFilterBy] = useState<TenancyFilter>('Tenant_name');
  const { t, tm, balance } = useT();
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
    <Modal opened={opened} onClose={onClose} title={t('tenancies.search.title')} size="lg">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label={t('tenancies.search.searchBy')}
            data={TENANCY_FILTERS.map((value) => ({ value, label: t(`tenancies.filters.${value}`) }))}
            value={filterBy}
            onChange={(value) => value && setFilterBy(value as TenancyFilter)}
            allowDeselect={false}
          />
          <TextInput label={t('tenancies.search.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
        </Group>
        {list.isPending ? <Loader size="sm" aria-label={t('tenancies.search.searching')} /> : null}
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {tm(TENANCY_MESSAGES.cannotGet)}
          </Alert>
        ) : null}
        {list.data && list.data.tenancies.length === 0 ? <Text c="dimmed">{tm(TENANCY_MESSAGES.noneFound)}</Text> : null}
        {list.data && list.data.tenancies.length > 0 ? (
          <>
            <Text size="xs" c="dimmed">
              {t('tenancies.search.doubleClick')}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('tenancies.search.id')}</Table.Th>
                    <Table.Th>{t('tenancies.search.tenant')}</Table.Th>
                    <Table.Th>{t('tenancies.search.house')}</Table.Th>
                    <Table.Th ta="right">{t('figures.balanceDue')}</Table.Th>
                    <Table.Th aria-label={t('tenancies.search.choose')} />
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
                      <Table.Td ta="right">{balance(tenancy.RentBalance)}</Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="light" onClick={() => choose(tenancy)}>
                          {t('tenancies.search.select')}
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
