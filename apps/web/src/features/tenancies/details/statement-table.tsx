import { formatAmount, TENANCY_MESSAGES, type StatementLine, amountToCents } from '@makazi/domain';
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { ReverseButton } from '../../../components/reverse-transaction';
import { runningBalanceOf } from '../../../lib/amount';
import { formatDateTime } from '../../../lib/format-date-time';

/** A debit or credit column shows nothing where the line moved nothing. */
const cell = (amount: number) => (amount === 0 ? '' : formatAmount(amountToCents(amount)));

type StatementTableProps = {
  lines: StatementLine[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Set for admin roles of the managing agent: lines get a Reverse action. */
  reverseAs?: number | undefined;
};

const nameOf = (line: StatementLine) => (line.ReceiptNo ? `receipt ${line.ReceiptNo}` : `transaction ${line.TransactionId}`);

/** Statement lines (docs/money.md#balances); a negative balance (an overpayment) in brackets. */
export function StatementTable({ lines, isPending, isError, reverseAs }: StatementTableProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {TENANCY_MESSAGES.statementFailed}
      </Alert>
    );
  }
  if (isPending) return <Text c="dimmed">Loading</Text>;
  if (!lines || lines.length === 0) return <Text c="dimmed">{TENANCY_MESSAGES.noStatement}</Text>;
  if (!wide) return <StatementList lines={lines} reverseAs={reverseAs} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Financial statement">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>TransactionId</Table.Th>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th ta="right">Debit</Table.Th>
            <Table.Th ta="right">Credit</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            {reverseAs ? <Table.Th data-print-hide /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.TransactionId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.TransactionDate)}</Table.Td>
              <Table.Td>{line.TransactionId}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.ReceiptNo ?? ''}</Table.Td>
              <Table.Td>{line.TrsAccount}</Table.Td>
              <Table.Td>
                {line.TransactionDetails}
                {line.AppliedTo ? (
                  <Text size="xs" c="dimmed">
                    Paid: {line.AppliedTo}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{cell(line.Debit)}</Table.Td>
              <Table.Td ta="right">{cell(line.Credit)}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {runningBalanceOf(line.Balance)}
              </Table.Td>
              {reverseAs ? (
                <Table.Td data-print-hide>
                  {line.Reversible ? <ReverseButton managingAgentId={reverseAs} transactionId={line.TransactionId} what={nameOf(line)} /> : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: one block per line, the balance on the right. */
function StatementList({ lines, reverseAs }: { lines: StatementLine[]; reverseAs?: number | undefined }) {
  return (
    <Stack gap={0} role="list" aria-label="Financial statement">
      {lines.map((line) => (
        <Group
          key={line.TransactionId}
          role="listitem"
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {line.TransactionDetails}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(line.TransactionDate)} · {line.ReceiptNo ?? `#${line.TransactionId}`} · {line.TrsAccount}
            </Text>
            <Text size="xs">
              {line.Debit !== 0 ? `Debit ${cell(line.Debit)}` : `Credit ${cell(line.Credit)}`}
            </Text>
            {line.AppliedTo ? (
              <Text size="xs" c="dimmed">
                Paid: {line.AppliedTo}
              </Text>
            ) : null}
            {reverseAs && line.Reversible ? <ReverseButton managingAgentId={reverseAs} transactionId={line.TransactionId} what={nameOf(line)} /> : null}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              Balance
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {runningBalanceOf(line.Balance)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
