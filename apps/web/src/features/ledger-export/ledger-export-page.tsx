import { API, GENERIC_FAILURE_MESSAGE, LEDGER_EXPORT_LAYOUTS, LEDGER_EXPORT_MESSAGES, accountingMonth, type ChartEntry } from '@makazi/domain';
import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { chartQuery, saveChart } from './api/ledger-export';

/** The month's journal for the accountant, and the agency's code and name for each journal account. */
export function LedgerExportPage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  const [month, setMonth] = useState(accountingMonth(new Date()).slice(0, 7));
  const [layout, setLayout] = useState<(typeof LEDGER_EXPORT_LAYOUTS)[number]>('general');
  if (!managingAgentId) return <NoWorkAccount />;
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Stack gap="md">
      <Title order={2}>{t('ledgerExportScreens.title')}</Title>
      <Text c="dimmed">{t('ledgerExportScreens.intro')}</Text>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('ledgerExportScreens.download')}>
        <Group align="flex-end">
          <TextInput label={t('ledgerExportScreens.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} maxLength={7} />
          <Select
            label={t('ledgerExportScreens.layout')}
            data={LEDGER_EXPORT_LAYOUTS.map((l) => ({ value: l, label: t(`ledgerExportScreens.layouts.${l}`) }))}
            value={layout}
            onChange={(v) => v && setLayout(v as typeof layout)}
            allowDeselect={false}
          />
          <Button
            disabled={!valid}
            onClick={() =>
              void downloadFile(API.ledgerExport.journalCsv, { managingAgentId, month, layout }, 'text/csv', `journal-${month}-${layout}.csv`)
            }
          >
            {t('ledgerExportScreens.download')}
          </Button>
        </Group>
      </Card>
      <ChartEditor managingAgentId={managingAgentId} />
    </Stack>
  );
}

function ChartEditor({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const chart = useQuery(chartQuery(managingAgentId));
  if (chart.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('mpesa.failed')}
      </Alert>
    );
  if (!chart.data) return <Text c="dimmed">{t('mpesa.loading')}</Text>;
  return <ChartForm key={JSON.stringify(chart.data)} managingAgentId={managingAgentId} saved={chart.data} />;
}

function ChartForm({ managingAgentId, saved }: { managingAgentId: number; saved: ChartEntry[] }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const [entries, setEntries] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const edit = (key: string, field: 'Code' | 'Name' | 'TaxRate', value: string) =>
    setEntries((list) => list.map((e) => (e.Key === key ? { ...e, [field]: value } : e)));

  async function save() {
    setError(null);
    try {
      await saveChart(managingAgentId, entries);
      notifications.show({ color: 'teal', message: tm(LEDGER_EXPORT_MESSAGES.saved) });
      await client.invalidateQueries({ queryKey: ['ledger-export', managingAgentId] });
    } catch (e) {
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('ledgerExportScreens.chart')}>
      <Title order={3} mb="xs">
        {t('ledgerExportScreens.chart')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ledgerExportScreens.chartHelp')}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ledgerExportScreens.account')}</Table.Th>
              <Table.Th>{t('ledgerExportScreens.code')}</Table.Th>
              <Table.Th>{t('ledgerExportScreens.name')}</Table.Th>
              <Table.Th>{t('ledgerExportScreens.taxRate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.Key}>
                <Table.Td>{e.Key}</Table.Td>
                <Table.Td>
                  <TextInput aria-label={t('ledgerExportScreens.code')} value={e.Code} maxLength={20} onChange={(x) => edit(e.Key, 'Code', x.currentTarget.value)} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={t('ledgerExportScreens.name')} value={e.Name} maxLength={100} onChange={(x) => edit(e.Key, 'Name', x.currentTarget.value)} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={t('ledgerExportScreens.taxRate')} value={e.TaxRate} maxLength={60} onChange={(x) => edit(e.Key, 'TaxRate', x.currentTarget.value)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="sm">
        <Button variant="light" onClick={save}>
          {t('ledgerExportScreens.save')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}
