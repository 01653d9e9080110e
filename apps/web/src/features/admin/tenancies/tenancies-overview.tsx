import { monthLabel, TENANCY_MESSAGES } from '@makazi/domain';
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
import { invoicingDetailsQuery, runMonthlyInvoices, setAutomaticInvoicing, tenancyCountsQuery } from '../api/admin';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} aria-label={label}>
        {value ?? '…'}
      </Text>
    </Card>
  );
}

/** Admin → tenancies (docs/money.md#the-monthly-run): counts, this month's invoicing and the run button while it is not charged. */
export function TenanciesOverview({ managingAgentId }: { managingAgentId: number }) {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const counts = useQuery(tenancyCountsQuery(managingAgentId));
  const details = useQuery(invoicingDetailsQuery(managingAgentId));
  const [confirming, setConfirming] = useState(false);

  const run = useMutation({
    mutationFn: () => runMonthlyInvoices(managingAgentId, session.userNo),
    onSuccess: (result) => notifications.show({ color: 'teal', message: result.message }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, 'Something went wrong') }),
    // Refreshed either way: a refusal (already invoiced) means the status shown was stale.
    onSettled: async () => {
      setConfirming(false);
      await invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' });
    },
  });

  const automatic = useMutation({
    mutationFn: (on: boolean) => setAutomaticInvoicing(managingAgentId, on),
    onSuccess: (result) => notifications.show({ color: 'teal', message: result.message }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, 'Something went wrong') }),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' }),
  });

  const status = details.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat label="Active tenancies" value={counts.data?.all} />
        <Stat label="Unpaid tenancies" value={counts.data?.withBalances} />
        <Stat label="Ended with balances" value={counts.data?.endedWithBalances} />
      </SimpleGrid>
      {counts.isError ? (
        <Alert color="red" variant="light" role="alert">
          {TENANCY_MESSAGES.cannotGet}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Invoicing status">
        <Title order={3} mb="sm">
          Invoicing status
        </Title>
        {details.isError ? (
          <Alert color="red" variant="light" role="alert">
            Something Went wrong. Try Again Later
          </Alert>
        ) : null}
        {details.isPending ? <Text c="dimmed">Loading</Text> : null}
        {status ? (
          <Stack gap="sm">
            <Group gap="sm">
              <Text>{monthLabel(status.CurrentMonth)}:</Text>
              {status.CurrentMonthInvoiceCharged ? (
                <Badge color="teal">{status.CurrentMonthRun ? 'Invoiced' : 'Charged'}</Badge>
              ) : (
                <Badge color="red.9">Due</Badge>
              )}
            </Group>
            <Text data-testid="invoicing-status">{status.Status}</Text>
            {status.Due.length ? (
              <Table aria-label="Months due" maw={520}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Month</Table.Th>
                    <Table.Th ta="right">Tenancies</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.Due.map((d) => (
                    <Table.Tr key={d.Month}>
                      <Table.Td>{d.Label}</Table.Td>
                      <Table.Td ta="right">{d.Tenancies}</Table.Td>
                      <Table.Td ta="right">{kshOf(d.Amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <Text size="sm" c="dimmed">
              {status.LatestInvoiceRunDate
                ? `Last run ${formatDateTime(status.LatestInvoiceRunDate)} by ${status.UpdatedByName ?? 'unknown'}`
                : 'Monthly invoices have never been run.'}
            </Text>
            <Switch
              label="Automatic invoicing (00:05 on the 1st, Nairobi time)"
              checked={status.AutomaticInvoicing}
              disabled={automatic.isPending}
              onChange={(e) => automatic.mutate(e.currentTarget.checked)}
            />
            {status.Due.length > 0 && !status.CurrentMonthRun ? (
              <Group>
                <Button onClick={() => setConfirming(true)} loading={run.isPending}>
                  Run monthly invoices
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Card>
      <ConfirmDialog
        opened={confirming}
        title="Run monthly invoices?"
        confirmLabel="Run invoices"
        loading={run.isPending}
        onConfirm={() => !run.isPending && run.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {status
          ? `This charges ${kshOf(status.DueAmount)} of rent to ${status.DueTenancies} active ${status.DueTenancies === 1 ? 'tenancy' : 'tenancies'}: every month up to ${monthLabel(status.CurrentMonth)} not yet charged. It runs once a month.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
