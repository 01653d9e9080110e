import { monthLabel } from '@makazi/domain';
import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../../lib/amount';
import { formatDateTime } from '../../../lib/format-date-time';
import { invoiceRunsQuery } from '../api/money';

/** The monthly invoice runs of the agent, latest month first. */
export function InvoiceRuns({ managingAgentId }: { managingAgentId: number }) {
  const runs = useQuery(invoiceRunsQuery(managingAgentId));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Invoice runs">
      <Title order={3} mb="sm">
        Monthly invoicing
      </Title>
      {runs.isError ? (
        <Alert color="red" variant="light" role="alert">
          Something Went wrong. Try Again Later
        </Alert>
      ) : null}
      {runs.isPending ? <Text c="dimmed">Loading</Text> : null}
      {runs.data?.length === 0 ? <Text c="dimmed">No monthly invoices have been run yet.</Text> : null}
      {runs.data && runs.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Run on</Table.Th>
                <Table.Th>Run by</Table.Th>
                <Table.Th ta="right">Tenancies charged</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.map((run) => (
                <Table.Tr key={run.Month}>
                  <Table.Td>{monthLabel(run.Month)}</Table.Td>
                  <Table.Td>{formatDateTime(run.RunDate)}</Table.Td>
                  <Table.Td>{run.Automatic ? `Automatic (${run.RunBy})` : run.RunBy}</Table.Td>
                  <Table.Td ta="right">{run.Charged}</Table.Td>
                  <Table.Td ta="right">{kshOf(run.Amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
