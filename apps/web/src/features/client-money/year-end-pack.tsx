import { API } from '@makazi/domain';
import { Button, Group, List, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { MoneySection } from '../../components/landlord/money-section';
import { MutationOutcome } from '../../components/landlord/mutation-outcome';
import { yearEndQuery } from './api/client-money';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const yearBefore = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The accountant's year-end pack for the dates chosen: the figures on screen, PDF and CSV to download. */
export function YearEndPackView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const [to, setTo] = useState(nairobiDay);
  const [from, setFrom] = useState(() => yearBefore(nairobiDay()));
  const [shown, setShown] = useState<{ from: string; to: string } | null>(null);
  const pack = useQuery({ ...yearEndQuery(managingAgentId, shown?.from ?? '', shown?.to ?? ''), enabled: shown !== null });
  const valid = DAY.test(from) && DAY.test(to);
  const query = { managingAgentId, from, to };
  const p = pack.data;

  return (
    <MoneySection title={t('clientMoney.pack.title')} intro={t('clientMoney.pack.period')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm" maw={520}>
        <TextInput type="date" label={t('clientMoney.pack.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label={t('clientMoney.pack.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </SimpleGrid>
      <Group gap="sm" mb="md">
        <Button disabled={!valid} onClick={() => setShown({ from, to })}>
          {t('clientMoney.pack.show')}
        </Button>
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.clientMoney.yearEndPdf, query, 'application/pdf', `client-money-${from}-${to}.pdf`)}>
          {t('clientMoney.pack.pdf')}
        </Button>
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.clientMoney.yearEndCsv, query, 'text/csv', `client-money-${from}-${to}.csv`)}>
          {t('clientMoney.pack.csv')}
        </Button>
      </Group>
      <MutationOutcome mutation={{ isError: pack.isError, error: pack.error }} />
      {p ? (
        <>
          <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table aria-label={t('clientMoney.pack.trust')} maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('clientMoney.pack.item')}</Table.Th>
                  <Table.Th ta="right">{t('clientMoney.pack.opening', { date: p.From })}</Table.Th>
                  <Table.Th ta="right">{t('clientMoney.pack.closing', { date: p.To })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(
                  [
                    ['held', 'Held'],
                    ['owedToLandlords', 'OwedToLandlords'],
                    ['depositsHeld', 'DepositsHeld'],
                    ['tenantCredits', 'TenantCredits'],
                    ['passThrough', 'PassThroughPayable'],
                    ['taxPayable', 'TaxPayable'],
                    ['commission', 'CommissionNotTaken'],
                    ['difference', 'Difference'],
                  ] as const
                ).map(([label, figure]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{t(`clientMoney.books.${label}`)}</Table.Td>
                    <Table.Td ta="right">{kshOf(p.Opening[figure])}</Table.Td>
                    <Table.Td ta="right">{kshOf(p.Closing[figure])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" mt="sm" data-testid="year-end-agrees">
            {t('clientMoney.pack.agrees', {
              opening: kshOf(p.Opening.Held),
              received: kshOf(p.Totals.Received),
              broughtForward: kshOf(p.Totals.BroughtForward),
              paidOut: kshOf(p.Totals.PaidOut),
              closing: kshOf(p.Closing.Held),
            })}
          </Text>
          <Text fw={600} mt="md">
            {t('clientMoney.pack.exceptions')}
          </Text>
          {p.Exceptions.length === 0 ? <Text c="dimmed">{t('clientMoney.pack.noExceptions')}</Text> : null}
          <List size="sm">
            {p.Exceptions.map((e, i) => (
              <List.Item key={i}>
                {t(`clientMoney.exceptions.${e.Kind}`, { day: e.Day ?? '', month: e.Month ?? '', name: e.Name ?? '', amount: e.Amount === null ? '' : kshOf(e.Amount) })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </MoneySection>
  );
}
