import { RECEIPT_LIST_MESSAGES, formatKsh, type Receipt, amountToCents } from '@makazi/domain';
import { Alert, Badge, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ExportCsvButton } from '../../../components/export-csv-button';
import { ReverseButton } from '../../../components/reverse-transaction';
import { formatDateTime } from '../../../lib/format-date-time';
import { receiptsCsv, receiptsQuery } from '../api/money';
import { useT } from '../../../lib/i18n';

/** Totals per ledger, summed in cents, of receipts still standing: the ledgers' TotalReceived counts the same. */
function totalsByLedger(receipts: Receipt[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const r of receipts.filter((x) => x.ReversedBy === null))
    totals.set(r.LedgerName, (totals.get(r.LedgerName) ?? 0) + amountToCents(r.Amount));
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Receipts taken, newest first, with what each ledger received. */
export function ReceiptsList({ managingAgentId }: { managingAgentId: number }) {
  const [from, setFrom] = useState('');
  const { t, tm, account, ledgerText } = useT();
  const [to, setTo] = useState('');
  // A range with From after To would be refused; until it is put right the list keeps to From.
  const range = { from, to: to && from && to < from ? '' : to };
  const receipts = useQuery(receiptsQuery(managingAgentId, range));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('money.receipts.label')}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3}>{t('money.receipts.title')}</Title>
        <ExportCsvButton {...receiptsCsv(managingAgentId, range)} disabled={!receipts.data?.length} />
      </Group>
      <Group gap="sm" mb="md" wrap="wrap">
        <TextInput type="date" label={t('money.receipts.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={{ base: '100%', xs: 180 }} />
        <TextInput
          type="date"
          label={t('money.receipts.to')}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={range.to !== to ? tm(RECEIPT_LIST_MESSAGES.rangeReversed) : undefined}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      {receipts.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.api.somethingWentWrong')}
        </Alert>
      ) : null}
      {receipts.isPending ? <Text c="dimmed">{t('money.loading')}</Text> : null}
      {receipts.data?.length === 0 ? <Text c="dimmed">{from || to ? t('money.receipts.noneInDays') : t('money.receipts.none')}</Text> : null}
      {receipts.data && receipts.data.length > 0 ? (
        <Stack gap="md">
          <Group gap="lg" aria-label={t('money.receipts.perLedger')}>
            {totalsByLedger(receipts.data).map(([ledger, cents]) => (
              <Stack key={ledger} gap={0}>
                <Text size="xs" c="dimmed">
                  {account(ledger)}
                </Text>
                <Text fw={600}>{formatKsh(cents)}</Text>
              </Stack>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('money.receipts.date')}</Table.Th>
                  <Table.Th>{t('money.receipts.receipt')}</Table.Th>
                  <Table.Th>{t('money.receipts.ledger')}</Table.Th>
                  <Table.Th>{t('money.receipts.tenant')}</Table.Th>
                  <Table.Th>{t('money.receipts.details')}</Table.Th>
                  <Table.Th>{t('money.receipts.receivedBy')}</Table.Th>
                  <Table.Th ta="right">{t('money.receipts.amount')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {receipts.data.map((r) => (
                  <Table.Tr key={r.TransactionId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.TransactionDate)}</Table.Td>
                    <Table.Td>{r.receiptNo}</Table.Td>
                    <Table.Td>{account(r.LedgerName)}</Table.Td>
                    <Table.Td>
                      {t('money.receipts.tenantValue', { tenant: r.Tenant_name, property: r.Property_name, house: r.House_number })}
                    </Table.Td>
                    <Table.Td>{ledgerText(r.Details)}</Table.Td>
                    <Table.Td>{r.ReceivedBy}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKsh(amountToCents(r.Amount))}
                    </Table.Td>
                    <Table.Td>
                      {r.ReversedBy ? (
                        <Badge color="gray" variant="light">
                          {t('money.receipts.reversed')}
                        </Badge>
                      ) : (
                        <ReverseButton managingAgentId={managingAgentId} transactionId={r.TransactionId} what={t('money.receipts.receiptName', { receiptNo: r.receiptNo })} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Card>
  );
}
