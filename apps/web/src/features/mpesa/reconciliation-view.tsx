import { transTimeText } from '@makazi/domain';
import { Alert, Badge, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { reconciliationQuery } from './api/mpesa';

const STATUS_KEYS = {
  matched: 'mpesa.reconciliation.status.matched',
  unmatched: 'mpesa.reconciliation.status.unmatched',
  not_rent: 'mpesa.reconciliation.status.notRent',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nairobiDay = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** What M-Pesa received against what was posted, for Nairobi days from–to. */
export function ReconciliationView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const today = nairobiDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const report = useQuery({
    ...reconciliationQuery(managingAgentId, from, to),
    enabled: DAY.test(from) && DAY.test(to),
  });
  const r = report.data;
  const statusText = (status: string) =>
    status in STATUS_KEYS ? t(STATUS_KEYS[status as keyof typeof STATUS_KEYS]) : status;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.reconciliation.title')}>
      <Title order={3} mb="sm">
        {t('mpesa.reconciliation.title')}
      </Title>
      <Group mb="sm">
        <TextInput type="date" label={t('mpesa.reconciliation.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label={t('mpesa.reconciliation.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {report.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('mpesa.failed')}
        </Alert>
      ) : null}
      {r ? (
        <>
          <Table aria-label={t('mpesa.reconciliation.totals')} mb="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('mpesa.reconciliation.received')}</Table.Td>
                <Table.Td ta="right" data-testid="received">
                  {kshOf(r.Received)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('mpesa.reconciliation.posted')}</Table.Td>
                <Table.Td ta="right" data-testid="posted">
                  {kshOf(r.Posted)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('mpesa.reconciliation.difference')}</Table.Td>
                <Table.Td ta="right" data-testid="difference">
                  {kshOf(r.Difference)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('mpesa.reconciliation.counts')}</Table.Td>
                <Table.Td ta="right">
                  {r.Matched} · {r.Unmatched} · {r.NotRent} · {r.Rejected}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {r.Difference === 0 ? (
            <Badge color="teal" size="lg">
              {t('mpesa.reconciliation.balanced')}
            </Badge>
          ) : (
            <Text fw={600} mb="xs">
              {t('mpesa.reconciliation.differences')}
            </Text>
          )}
          {r.Differences.length > 0 ? (
            <Table aria-label={t('mpesa.reconciliation.differences')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mpesa.columns.code')}</Table.Th>
                  <Table.Th>{t('mpesa.columns.time')}</Table.Th>
                  <Table.Th ta="right">{t('mpesa.reconciliation.receivedColumn')}</Table.Th>
                  <Table.Th ta="right">{t('mpesa.reconciliation.postedColumn')}</Table.Th>
                  <Table.Th>{t('mpesa.reconciliation.why')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.Differences.map((d) => (
                  <Table.Tr key={d.TransID}>
                    <Table.Td>{d.TransID}</Table.Td>
                    <Table.Td>{transTimeText(d.TransTime)}</Table.Td>
                    <Table.Td ta="right">{kshOf(d.Amount)}</Table.Td>
                    <Table.Td ta="right">{kshOf(d.Posted)}</Table.Td>
                    <Table.Td>
                      {d.Note
                        ? t('mpesa.reconciliation.statusNote', { status: statusText(d.Status), note: d.Note })
                        : statusText(d.Status)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
