import { GENERIC_FAILURE_MESSAGE, API, formatDay } from '@makazi/domain';
import { Alert, Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { OwnerStatementHouses } from '../../components/landlord/owner-statement-houses';
import { OwnerStatementLines } from '../../components/landlord/owner-statement-lines';
import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { balancesQuery, closeMonth, emailStatement, landlordMoneyKey, ownerStatementQuery } from './api/landlord-money';

const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

/** A landlord's month: the same figures as the PDF and the CSV, which it downloads, and the email that sends the PDF. */
export function OwnerStatementView({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const landlords = useQuery(balancesQuery(managingAgentId));
  const [landlordNo, setLandlordNo] = useState<string | null>(null);
  const [month, setMonth] = useState(thisMonth());
  const chosen = landlordNo ?? (landlords.data?.[0] ? String(landlords.data[0].LandlordNo) : null);
  const statement = useQuery({
    ...ownerStatementQuery(managingAgentId, Number(chosen), month),
    enabled: chosen !== null && /^\d{4}-\d{2}$/.test(month),
  });
  const email = useMutation({
    mutationFn: () => emailStatement({ managingAgentId, LandlordNo: Number(chosen), month }),
    onSuccess: (r) => notifications.show({ color: 'teal', message: tm(r.message) }),
    onError: (e) => notifications.show({ color: 'red', message: tm(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE)) }),
  });
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeMonth({ managingAgentId, LandlordNo: Number(chosen), month }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: tm(r.message) });
      await queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
    },
    onError: (e) => notifications.show({ color: 'red', message: tm(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE)) }),
  });
  const query = { managingAgentId, LandlordNo: Number(chosen), month };
  const s = statement.data;
  // The PDF's and the CSV's summary, line for line: Closing = Opening + Collected − PassedOn − Commission − Vat − Tax − Expenses − Payouts.
  const summary: [key: string, label: string, value: number][] = s
    ? [
        ['opening', t('landlordMoney.statement.opening'), s.OpeningBalance],
        ...(s.BroughtForward ? [['brought-forward', t('landlordMoney.statement.broughtForward'), s.BroughtForward] as [string, string, number]] : []),
        ['rent', t('landlordMoney.statement.rentCollected'), s.RentCollected],
        ['charges', t('landlordMoney.statement.chargesCollected'), s.ChargesCollected],
        ['passed-on', t('landlordMoney.statement.passedOn'), -s.PassedOn],
        ['commission', t('landlordMoney.statement.commission'), -s.Commission],
        ...(s.Vat ? [['vat', t('landlordMoney.statement.vat'), -s.Vat] as [string, string, number]] : []),
        ['tax', t('landlordMoney.statement.tax'), -s.TaxWithheld],
        ['expenses', t('landlordMoney.statement.expenses'), -s.ExpensesTotal],
        ['payouts', t('landlordMoney.statement.payouts'), -s.PayoutsTotal],
        ['closing', t('landlordMoney.statement.closing'), s.ClosingBalance],
      ]
    : [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordMoney.statement.title')}>
      <Title order={3} mb="sm">
        {t('landlordMoney.statement.title')}
      </Title>
      <Group mb="sm" align="end">
        <Select
          label={t('landlordMoney.statement.landlord')}
          data={(landlords.data ?? []).map((l) => ({ value: String(l.LandlordNo), label: l.Landlord_name }))}
          value={chosen}
          onChange={setLandlordNo}
          allowDeselect={false}
        />
        <TextInput type="month" label={t('landlordMoney.statement.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
        <Button variant="default" disabled={!s} onClick={() => void downloadFile(API.landlordMoney.ownerStatementPdf, query, 'application/pdf', 'owner-statement.pdf')}>
          {t('landlordMoney.statement.pdf')}
        </Button>
        <Button variant="default" disabled={!s} onClick={() => void downloadFile(API.landlordMoney.ownerStatementCsv, query, 'text/csv', 'owner-statement.csv')}>
          {t('landlordMoney.statement.csv')}
        </Button>
        <Button disabled={!s} loading={email.isPending} onClick={() => email.mutate()}>
          {t('landlordMoney.statement.email')}
        </Button>
      </Group>
      {chosen === null ? <Text c="dimmed">{t('landlordMoney.statement.none')}</Text> : null}
      {statement.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(apiErrorMessage(statement.error, GENERIC_FAILURE_MESSAGE))}
        </Alert>
      ) : null}
      {s?.Closed && s.IssuedAt ? (
        <Text size="sm" c="dimmed" mb="sm">
          {t('landlordMoney.statement.closed', { date: formatDay(s.IssuedAt) })}
        </Text>
      ) : null}
      {s && !s.Closed && month < thisMonth() ? (
        <Group mb="sm" align="center">
          <Button variant="light" loading={close.isPending} onClick={() => close.mutate()}>
            {t('landlordMoney.statement.close')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('landlordMoney.statement.closeHint')}
          </Text>
        </Group>
      ) : null}
      {s ? (
        <>
          <Table aria-label={t('landlordMoney.statement.summary')} mb="md">
            <Table.Tbody>
              {summary.map(([key, label, value]) => (
                <Table.Tr key={key}>
                  <Table.Td fw={key === 'opening' || key === 'closing' ? 600 : undefined}>{label}</Table.Td>
                  <Table.Td ta="right" data-testid={`statement-${key}`}>
                    {kshOf(value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {/* Beside Closing, not in it: earned commission the agency moved to its office account (decision 035). */}
          {s.FeesTransferred !== 0 ? (
            <Text size="sm" c="dimmed" mb="md" data-testid="statement-fees-transferred">
              {t('landlordMoney.statement.feesTransferred')}: {kshOf(s.FeesTransferred)}
            </Text>
          ) : null}
          <Title order={4} mb="xs">
            {t('landlordMoney.statement.houses', { count: s.VacantHouses })}
          </Title>
          <OwnerStatementHouses statement={s} />
          <OwnerStatementLines statement={s} />
        </>
      ) : null}
    </Card>
  );
}
