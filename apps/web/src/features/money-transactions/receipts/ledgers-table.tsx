import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../../lib/amount';
import { ledgersQuery } from '../api/money';
import { useT } from '../../../lib/i18n';

/** The agent's ledgers: receipts still standing and their total (reversed ones left out), refunds paid out, and what each holds. */
export function LedgersTable({ managingAgentId }: { managingAgentId: number }) {
  const ledgers = useQuery(ledgersQuery(managingAgentId));
  const { t, account } = useT();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('money.ledgers.title')}>
      <Title order={3} mb="sm">
        {t('money.ledgers.title')}
      </Title>
      {ledgers.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.api.somethingWentWrong')}
        </Alert>
      ) : null}
      {ledgers.isPending ? <Text c="dimmed">{t('money.loading')}</Text> : null}
      {ledgers.data ? (
        <Table.ScrollContainer minWidth={280} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('money.ledgers.title') } }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('money.ledgers.ledger')}</Table.Th>
                <Table.Th ta="right">{t('money.ledgers.receipts')}</Table.Th>
                <Table.Th ta="right">{t('money.ledgers.totalReceived')}</Table.Th>
                <Table.Th ta="right">{t('money.ledgers.paidOut')}</Table.Th>
                <Table.Th ta="right">{t('money.ledgers.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledgers.data.map((ledger) => (
                <Table.Tr key={ledger.LedgerId}>
                  <Table.Td>{account(ledger.LedgerName)}</Table.Td>
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
