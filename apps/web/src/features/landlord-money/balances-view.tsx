import { Alert, Badge, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../lib/amount';
import { balancesQuery, trustQuery } from './api/landlord-money';

/** Each landlord's account, and the trust identity with its difference in red when it does not hold. */
export function BalancesView({ managingAgentId }: { managingAgentId: number }) {
  const balances = useQuery(balancesQuery(managingAgentId));
  const trust = useQuery(trustQuery(managingAgentId));
  const t = trust.data;
  const rows: [string, number | undefined][] = [
    ['Money received', t?.Received],
    ['Money paid out', t?.PaidOut],
    ['Held in trust', t?.Held],
    ['Owed to landlords', t?.OwedToLandlords],
    ['Deposits held', t?.DepositsHeld],
    ["Tenants' credits", t?.TenantCredits],
    ['Owed onward (pass-through charges)', t?.PassThroughPayable],
    ['Tax payable to KRA', t?.TaxPayable],
    ['Commission not yet taken', t?.CommissionNotTaken],
  ];

  return (
    <>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Landlord balances">
        <Title order={3} mb="sm">
          Landlord balances
        </Title>
        {balances.isError ? (
          <Alert color="red" variant="light" role="alert">
            Something Went wrong. Try Again Later
          </Alert>
        ) : null}
        {balances.data && balances.data.length === 0 ? <Text c="dimmed">No rent has been collected for a landlord yet.</Text> : null}
        {balances.data && balances.data.length > 0 ? (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Balances" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Landlord</Table.Th>
                  <Table.Th ta="right">Collected</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Tax withheld</Table.Th>
                  <Table.Th ta="right">Expenses</Table.Th>
                  <Table.Th ta="right">Payouts</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {balances.data.map((b) => (
                  <Table.Tr key={b.LandlordNo} data-testid={`balance-${b.LandlordNo}`}>
                    <Table.Td>{b.Landlord_name}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Collected)}</Table.Td>
                    <Table.Td ta="right">{kshOf(b.Commission)}</Table.Td>
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
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Trust reconciliation">
        <Title order={3} mb="sm">
          Trust reconciliation
        </Title>
        {t ? (
          <>
            <Table aria-label="Trust identity" mb="sm">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right">{kshOf(value ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={600}>Difference</Table.Td>
                  <Table.Td ta="right" fw={600} c={t.Difference === 0 ? undefined : 'red.8'} data-testid="trust-difference">
                    {kshOf(t.Difference)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {t.Difference === 0 ? (
              <Badge color="teal" size="lg">
                Balanced
              </Badge>
            ) : (
              <Alert color="red" variant="light" role="alert">
                Money held does not equal what is owed: a difference of {kshOf(t.Difference)}.
              </Alert>
            )}
          </>
        ) : null}
      </Card>
    </>
  );
}
