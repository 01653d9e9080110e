import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../../lib/amount';
import { ledgersQuery } from '../api/money';

/** The agent's ledgers: receipts still standing and their total (reversed ones left out), refunds paid out, and what each holds. */
export function LedgersTable({ managingAgentId }: { managingAgentId: number }) {
  const ledgers = useQuery(ledgersQuery(managingAgentId));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Ledgers">
      <Title order={3} mb="sm">
        Ledgers
      </Title>
      {ledgers.isError ? (
        <Alert color="red" variant="light" role="alert">
          Something Went wrong. Try Again Later
        </Alert>
      ) : null}
      {ledgers.isPending ? <Text c="dimmed">Loading</Text> : null}
      {ledgers.data ? (
        <Table.ScrollContainer minWidth={280} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Ledgers' } }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ledger</Table.Th>
                <Table.Th ta="right">Receipts</Table.Th>
                <Table.Th ta="right">Total received</Table.Th>
                <Table.Th ta="right">Paid out</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledgers.data.map((ledger) => (
                <Table.Tr key={ledger.LedgerId}>
                  <Table.Td>{ledger.LedgerName}</Table.Td>
                  <Table.Td ta="right">{ledger.Receipts}</Table.Td>
                  <Table.Td ta="right">{kshOf(ledger.TotalReceived)}</Table.Td>
                  <Table.Td ta="right">{kshOf(ledger.PaidOut)}</Table.Td>
                  <Table.Td ta="right">{kshOf(ledger.Balance)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
