import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { MoneySection } from '../../components/landlord/money-section';
import { reconciliationsQuery } from './api/client-money';

/** The reconciliations recorded, newest day first; one replaced by a later one of its day stays listed as replaced. */
export function ReconciliationsList({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const list = useQuery(reconciliationsQuery(managingAgentId));
  return (
    <MoneySection title={t('clientMoney.history.title')} intro={t('clientMoney.history.intro')}>
      {list.data && list.data.length === 0 ? <Text c="dimmed">{t('clientMoney.history.none')}</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('clientMoney.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clientMoney.history.day')}</Table.Th>
                <Table.Th ta="right">{t('clientMoney.history.books')}</Table.Th>
                <Table.Th ta="right">{t('clientMoney.history.statement')}</Table.Th>
                <Table.Th>{t('clientMoney.pack.items')}</Table.Th>
                <Table.Th ta="right">{t('clientMoney.history.unexplained')}</Table.Th>
                <Table.Th>{t('clientMoney.history.recordedBy')}</Table.Th>
                <Table.Th>{t('clientMoney.history.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((r) => (
                <Table.Tr key={r.ReconId}>
                  <Table.Td>{r.Day}</Table.Td>
                  <Table.Td ta="right">{kshOf(r.Books)}</Table.Td>
                  <Table.Td ta="right">{kshOf(r.Statement)}</Table.Td>
                  <Table.Td>
                    {r.Items.map((i, n) => (
                      <Text size="xs" key={n}>
                        {t(`clientMoney.items.${i.Kind}`)}: {kshOf(i.Amount)} — {i.Note}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" c={r.Unexplained === 0 ? undefined : 'orange.9'}>
                    {kshOf(r.Unexplained)}
                  </Table.Td>
                  <Table.Td>{r.RecordedBy}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.Replaced ? 'gray' : 'teal'}>
                      {r.Replaced ? t('clientMoney.history.replaced') : t('clientMoney.history.current')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </MoneySection>
  );
}
