import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../../lib/amount';
import { formatDateTime } from '../../../lib/format-date-time';
import { invoiceRunsQuery } from '../api/money';
import { useT } from '../../../lib/i18n';

/** The monthly invoice runs of the agent, latest month first. */
export function InvoiceRuns({ managingAgentId }: { managingAgentId: number }) {
  const runs = useQuery(invoiceRunsQuery(managingAgentId));
  const { t, month } = useT();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('money.invoicing.label')}>
      <Title order={3} mb="sm">
        {t('money.invoicing.title')}
      </Title>
      {runs.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.api.somethingWentWrong')}
        </Alert>
      ) : null}
      {runs.isPending ? <Text c="dimmed">{t('money.loading')}</Text> : null}
      {runs.data?.length === 0 ? <Text c="dimmed">{t('money.invoicing.none')}</Text> : null}
      {runs.data && runs.data.length > 0 ? (
        // Rows hold no control: the region itself takes focus, so a keyboard can scroll a phone's narrow screen sideways.
        <Table.ScrollContainer
          minWidth={560}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('money.invoicing.scrollable') } }}
        >
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('money.invoicing.month')}</Table.Th>
                <Table.Th>{t('money.invoicing.runOn')}</Table.Th>
                <Table.Th>{t('money.invoicing.runBy')}</Table.Th>
                <Table.Th ta="right">{t('money.invoicing.charged')}</Table.Th>
                <Table.Th ta="right">{t('money.invoicing.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.map((run) => (
                <Table.Tr key={run.Month}>
                  <Table.Td>{month(run.Month)}</Table.Td>
                  <Table.Td>{formatDateTime(run.RunDate)}</Table.Td>
                  <Table.Td>{run.Automatic ? t('money.invoicing.automatic', { by: run.RunBy }) : run.RunBy}</Table.Td>
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
