import { formatAmount, TENANCY_MESSAGES, type StatementLine, amountToCents } from '@makazi/domain';
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';

import { ReverseButton } from '../../../components/reverse-transaction';
import { formatDateTime } from '../../../lib/format-date-time';
import { useT } from '../../../lib/i18n';

/** A debit or credit column shows nothing where the line moved nothing. */
const cell = (amount: number) => (amount === 0 ? '' : formatAmount(amountToCents(amount)));

type StatementTableProps = {
  lines: StatementLine[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Set for admin roles of the managing agent: lines get a Reverse action. */
  reverseAs?: number | undefined;
};

const nameOf = (t: TFunction, line: StatementLine) =>
  line.ReceiptNo
    ? t('tenancies.statement.receiptName', { receipt: line.ReceiptNo })
    : t('tenancies.statement.transactionName', { id: line.TransactionId });

/** Statement lines (docs/money.md#balances); a negative balance (an overpayment) in brackets. */
export function StatementTable({ lines, isPending, isError, reverseAs }: StatementTableProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const { t, tm, account, ledgerText, appliedTo, runningBalance } = useT();
  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {tm(TENANCY_MESSAGES.statementFailed)}
      </Alert>
    );
  }
  if (isPending) return <Text c="dimmed">{t('tenancies.statement.loading')}</Text>;
  if (!lines || lines.length === 0) return <Text c="dimmed">{tm(TENANCY_MESSAGES.noStatement)}</Text>;
  if (!wide) return <StatementList lines={lines} reverseAs={reverseAs} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={t('tenancies.statement.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenancies.statement.date')}</Table.Th>
            <Table.Th>{t('tenancies.statement.transactionId')}</Table.Th>
            <Table.Th>{t('tenancies.statement.receipt')}</Table.Th>
            <Table.Th>{t('tenancies.statement.account')}</Table.Th>
            <Table.Th>{t('tenancies.statement.details')}</Table.Th>
            <Table.Th ta="right">{t('tenancies.statement.debit')}</Table.Th>
            <Table.Th ta="right">{t('tenancies.statement.credit')}</Table.Th>
            <Table.Th ta="right">{t('tenancies.statement.balance')}</Table.Th>
            {reverseAs ? <Table.Th data-print-hide /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.TransactionId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.TransactionDate)}</Table.Td>
              <Table.Td>{line.TransactionId}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.ReceiptNo ?? ''}</Table.Td>
              <Table.Td>{account(line.TrsAccount)}</Table.Td>
              <Table.Td>
                {ledgerText(line.TransactionDetails)}
                {line.AppliedTo ? (
                  <Text size="xs" c="dimmed">
                    {t('tenancies.statement.paid', { what: appliedTo(line.AppliedTo) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{cell(line.Debit)}</Table.Td>
              <Table.Td ta="right">{cell(line.Credit)}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {runningBalance(line.Balance)}
              </Table.Td>
              {reverseAs ? (
                <Table.Td data-print-hide>
                  {line.Reversible ? <ReverseButton managingAgentId={reverseAs} transactionId={line.TransactionId} what={nameOf(t, line)} /> : null}
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
  const { t, account, ledgerText, appliedTo, runningBalance } = useT();
  return (
    <Stack gap={0} role="list" aria-label={t('tenancies.statement.title')}>
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
              {ledgerText(line.TransactionDetails)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(line.TransactionDate)} · {line.ReceiptNo ?? `#${line.TransactionId}`} · {account(line.TrsAccount)}
            </Text>
            <Text size="xs">
              {line.Debit !== 0
                ? t('tenancies.statement.debitValue', { amount: cell(line.Debit) })
                : t('tenancies.statement.creditValue', { amount: cell(line.Credit) })}
            </Text>
            {line.AppliedTo ? (
              <Text size="xs" c="dimmed">
                {t('tenancies.statement.paid', { what: appliedTo(line.AppliedTo) })}
              </Text>
            ) : null}
            {reverseAs && line.Reversible ? <ReverseButton managingAgentId={reverseAs} transactionId={line.TransactionId} what={nameOf(t, line)} /> : null}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('tenancies.statement.balance')}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {runningBalance(line.Balance)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
