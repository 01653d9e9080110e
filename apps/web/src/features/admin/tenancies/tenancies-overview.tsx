import { TENANCY_MESSAGES } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { invalidateAfter } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { kshOf } from '../../../lib/amount';
import {
  invoicingDetailsQuery,
  runMonthlyInvoices,
  setAutomaticInvoicing,
  setSendInvoices,
  tenancyCountsQuery,
} from '../api/admin';
import { useT } from '../../../lib/i18n';

/** A count; one that stopped a stretch in (`more`) reads "More than 1,000". */
function Stat({ label, value, more }: { label: string; value: number | undefined; more: boolean | undefined }) {
  const { t } = useT();
  const shown = value === undefined ? '…' : more ? t('admin.stats.moreThan', { count: value }) : value;
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} aria-label={label}>
        {shown}
      </Text>
    </Card>
  );
}

/** Admin → tenancies (docs/money.md#the-monthly-run): counts, this month's invoicing and the run button while it is not charged. */
export function TenanciesOverview({ managingAgentId }: { managingAgentId: number }) {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const { t, tm, month, months } = useT();
  const counts = useQuery(tenancyCountsQuery(managingAgentId));
  const details = useQuery(invoicingDetailsQuery(managingAgentId));
  const [confirming, setConfirming] = useState(false);

  const run = useMutation({
    mutationFn: () => runMonthlyInvoices(managingAgentId, session.userNo),
    onSuccess: (result) =>
      notifications.show({
        color: 'teal',
        message: result.charged
          ? t('admin.invoicing.done', { count: result.charged, months: months(result.months), amount: kshOf(result.amount) })
          : t('admin.invoicing.nothingDue', { month: month(result.month) }),
      }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, t('admin.invoicing.failed')) }),
    // Refreshed either way: a refusal (already invoiced) means the status shown was stale.
    onSettled: async () => {
      setConfirming(false);
      await invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' });
    },
  });

  const automatic = useMutation({
    mutationFn: (on: boolean) => setAutomaticInvoicing(managingAgentId, on),
    onSuccess: (result) =>
      notifications.show({
        color: 'teal',
        message: result.automatic ? t('admin.invoicing.automaticOn') : t('admin.invoicing.automaticOff'),
      }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, t('admin.invoicing.failed')) }),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' }),
  });

  const sendInvoices = useMutation({
    mutationFn: (on: boolean) => setSendInvoices(managingAgentId, on),
    onSuccess: (result) =>
      notifications.show({ color: 'teal', message: result.sendInvoices ? t('invoices.on') : t('invoices.off') }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, t('admin.invoicing.failed')) }),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' }),
  });

  const status = details.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat label={t('admin.stats.active')} value={counts.data?.all} more={counts.data?.moreThan.all} />
        <Stat label={t('admin.stats.unpaid')} value={counts.data?.withBalances} more={counts.data?.moreThan.withBalances} />
        <Stat label={t('admin.stats.ended')} value={counts.data?.endedWithBalances} more={counts.data?.moreThan.endedWithBalances} />
      </SimpleGrid>
      {counts.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(TENANCY_MESSAGES.cannotGet)}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('admin.invoicing.title')}>
        <Title order={3} mb="sm">
          {t('admin.invoicing.title')}
        </Title>
        {details.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('messages.api.somethingWentWrong')}
          </Alert>
        ) : null}
        {details.isPending ? <Text c="dimmed">{t('admin.invoicing.loading')}</Text> : null}
        {status ? (
          <Stack gap="sm">
            <Group gap="sm">
              <Text>{t('admin.invoicing.monthColon', { month: month(status.CurrentMonth) })}</Text>
              {status.CurrentMonthInvoiceCharged ? (
                <Badge color="teal">{status.CurrentMonthRun ? t('admin.invoicing.invoicedBadge') : t('admin.invoicing.chargedBadge')}</Badge>
              ) : (
                <Badge color="red.9">{t('admin.invoicing.dueBadge')}</Badge>
              )}
            </Group>
            {status.GoLiveMonth ? <Text data-testid="go-live">{t('admin.invoicing.goLive', { month: month(status.GoLiveMonth) })}</Text> : null}
            <Text data-testid="invoicing-status">
              {status.Due.length
                ? t('admin.invoicing.due', {
                    count: status.DueTenancies,
                    months: months(status.Due.map((d) => d.Month)),
                    amount: kshOf(status.DueAmount),
                  })
                : status.CurrentMonthRun
                  ? t('admin.invoicing.invoiced', { month: month(status.CurrentMonth) })
                  : t('admin.invoicing.chargedByBookings', { month: month(status.CurrentMonth) })}
            </Text>
            {status.Due.length ? (
              <Table aria-label={t('admin.invoicing.monthsDue')} maw={520}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.invoicing.month')}</Table.Th>
                    <Table.Th ta="right">{t('admin.invoicing.tenancies')}</Table.Th>
                    <Table.Th ta="right">{t('admin.invoicing.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.Due.map((d) => (
                    <Table.Tr key={d.Month}>
                      <Table.Td>{month(d.Month)}</Table.Td>
                      <Table.Td ta="right">{d.Tenancies}</Table.Td>
                      <Table.Td ta="right">{kshOf(d.Amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <Text size="sm" c="dimmed">
              {status.LatestInvoiceRunDate
                ? t('admin.invoicing.lastRun', {
                    date: formatDateTime(status.LatestInvoiceRunDate),
                    name: status.UpdatedByName ?? t('admin.invoicing.unknown'),
                  })
                : t('admin.invoicing.neverRun')}
            </Text>
            <Switch
              label={t('admin.invoicing.automatic')}
              checked={status.AutomaticInvoicing}
              disabled={automatic.isPending}
              onChange={(e) => automatic.mutate(e.currentTarget.checked)}
            />
            <Switch
              label={t('invoices.setting')}
              description={t('invoices.settingHelp')}
              checked={status.SendInvoices}
              disabled={sendInvoices.isPending}
              onChange={(e) => sendInvoices.mutate(e.currentTarget.checked)}
            />
            {status.Due.length > 0 && !status.CurrentMonthRun ? (
              <Group>
                <Button onClick={() => setConfirming(true)} loading={run.isPending}>
                  {t('admin.invoicing.run')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={t('admin.invoicing.confirmTitle')}
        confirmLabel={t('admin.invoicing.confirmLabel')}
        loading={run.isPending}
        onConfirm={() => !run.isPending && run.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {status
          ? t('admin.invoicing.confirm', {
              amount: kshOf(status.DueAmount),
              count: status.DueTenancies,
              month: month(status.CurrentMonth),
            })
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
