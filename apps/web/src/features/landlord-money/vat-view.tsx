import { API, VatReport } from '@makazi/domain';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { apiFetch } from '../../lib/api-client';
import { kshOf } from '../../lib/amount';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { parseApiData as parsed } from '../../lib/parse-api-data';
import { MoneySection } from './money-section';

const nairobiMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

const vatReportQuery = (managingAgentId: number, month: string) =>
  queryOptions({
    queryKey: ['vat-report', managingAgentId, month] as const,
    queryFn: async ({ signal }) =>
      parsed(VatReport, await apiFetch<unknown>(API.landlordMoney.vatReport, { query: { managingAgentId, month }, signal })),
  });

/** The month's output VAT on the agency's fees, and its CSV (decision 054). */
export function VatView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const [month, setMonth] = useState(nairobiMonth());
  const valid = /^\d{4}-\d{2}$/.test(month);
  const report = useQuery({ ...vatReportQuery(managingAgentId, month), enabled: valid });
  const r = report.data;

  return (
    <MoneySection title={t('landlordMoney.vatReport.title')} intro={t('landlordMoney.vatReport.intro')}>
      <Group align="end" mb="md">
        <TextInput type="month" label={t('landlordMoney.vatReport.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
        <Button
          variant="default"
          disabled={!valid}
          onClick={() => void downloadFile(API.landlordMoney.vatReportCsv, { managingAgentId, month }, 'text/csv', `vat-${month}.csv`)}
        >
          {t('landlordMoney.vatReport.download')}
        </Button>
      </Group>
      {r ? (
        <Text size="sm" mb="sm">
          {r.VatPin ? t('landlordMoney.vatReport.pin', { pin: r.VatPin }) : t('landlordMoney.vatReport.notRegistered')}
        </Text>
      ) : null}
      {r && r.Lines.length === 0 ? <Text c="dimmed">{t('landlordMoney.vatReport.none')}</Text> : null}
      {r && r.Lines.length > 0 ? (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordMoney.vatReport.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordMoney.vatReport.date')}</Table.Th>
                <Table.Th>{t('landlordMoney.vatReport.landlord')}</Table.Th>
                <Table.Th>{t('landlordMoney.vatReport.reference')}</Table.Th>
                <Table.Th ta="right">{t('landlordMoney.vatReport.commission')}</Table.Th>
                <Table.Th ta="right">{t('landlordMoney.vatReport.vat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.Lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{l.Date}</Table.Td>
                  <Table.Td>{l.Landlord_name}</Table.Td>
                  <Table.Td>{l.Reference}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.Commission)}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.Vat)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={600}>
                <Table.Td colSpan={3}>{t('landlordMoney.vatReport.total')}</Table.Td>
                <Table.Td ta="right">{kshOf(r.Commission)}</Table.Td>
                <Table.Td ta="right">{kshOf(r.Vat)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </MoneySection>
  );
}
