import { Alert, Badge, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { balancesQuery, trustQuery } from './api/landlord-money';

/** Each landlord's account, and the trust identity with its difference in red when it does not hold. */
export function BalancesView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const balances = useQuery(balancesQuery(managingAgentId));
  const trust = useQuery(trustQuery(managingAgentId));
  const f = trust.data;
  const rows: [string, number | undefined][] = [
    [t('landlordMoney.trust.received'), f?.Received],
    [t('landlordMoney.trust.paidOut'), f?.PaidOut],
    [t('landlordMoney.trust.feesTransferred'), f?.FeesTransferred],
    [t('landlordMoney.trust.held'), f?.Held],
    [t('landlordMoney.trust.owed'), f?.OwedToLandlords],
    [t('landlordMoney.trust.deposits'), f?.DepositsHeld],
    [t('landlordMoney.trust.credits'), f?.TenantCredits],
    [t('landlordMoney.trust.passThrough'), f?.PassThroughPayable],
    [t('landlordMoney.trust.tax'), f?.TaxPayable],
    [t('landlordMoney.trust.commission'), f?.CommissionNotTaken],
    // Only where the agency charged VAT on its fees (decision 054).
    ...(f?.VatPayable ? [[t('landlordMoney.trust.vat'), f.VatPayable] as [string, number]] : []),
  ];
  const vat = balances.data?.some((b) => b.Vat !== 0) ?? false;

  return (
    <>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordMoney.balances.title')}>
        <Title order={3} mb="sm">
          {t('landlordMoney.balances.title')}
        </Title>
        {balances.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('messages.api.somethingWentWrong')}
          </Alert>
        ) : null}
        {balances.data && balances.data.length === 0 ? <Text c="dimmed">{t('landlordMoney.balances.none')}</Text> : null}
        {balances.data && balances.data.length > 0 ? (
          <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table aria-label={t('landlordMoney.balances.table')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('landlordMoney.balances.landlord')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.collected')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.passedOn')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.commission')}</Table.Th>
                  {vat ? <Table.Th ta="right">{t('landlordMoney.balances.vat')}</Table.Th> : null}
                  <Table.Th ta="right">{t('landlordMoney.balances.taxWithheld')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.expenses')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.payouts')}</Table.Th>
                  <Table.Th ta="right">{t('landlordMoney.balances.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {balances.data.map((b) => (
                  <Table.Tr key={b.LandlordNo} data-testid={`balance-${b.LandlordNo}`}>
                    <Table.Td>{b.Landlord_name}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Collected)}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.PassedOn)}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Commission)}</Table.Td>
                    {vat ? <Table.Td ta="right">{kshOf(b.Vat)}</Table.Td> : null}
                    <Table.Td ta="right">{kshOf(b.TaxWithheld)}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Expenses)}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Payouts)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {kshOf(b.Balance)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordMoney.trust.title')}>
        <Title order={3} mb="sm">
          {t('landlordMoney.trust.title')}
        </Title>
        {f ? (
          <>
            <Table aria-label={t('landlordMoney.trust.table')} mb="sm">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right">{kshOf(value ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={600}>{t('landlordMoney.trust.difference')}</Table.Td>
                  <Table.Td ta="right" fw={600} c={f.Difference === 0 ? undefined : 'red.8'} data-testid="trust-difference">
                    {kshOf(f.Difference)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {f.Difference === 0 ? (
              <Badge color="teal" size="lg">
                {t('landlordMoney.trust.balanced')}
              </Badge>
            ) : (
              <Alert color="red" variant="light" role="alert">
                {t('landlordMoney.trust.off', { amount: kshOf(f.Difference) })}
              </Alert>
            )}
          </>
        ) : null}
      </Card>
    </>
  );
}
