import { API } from '@makazi/domain';
import { Alert, Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { downloadFile } from '../../lib/download';
import { balancesQuery, emailStatement, ownerStatementQuery } from './api/landlord-money';

const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

/** A landlord's month: the same figures as the PDF and the CSV, which it downloads, and the email that sends the PDF. */
export function OwnerStatementView({ managingAgentId }: { managingAgentId: number }) {
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
    onSuccess: (r) => notifications.show({ color: 'teal', message: r.message }),
    onError: (e) => notifications.show({ color: 'red', message: apiErrorMessage(e, 'Something went wrong') }),
  });
  const query = { managingAgentId, LandlordNo: Number(chosen), month };
  const s = statement.data;
  const summary: [string, number][] = s
    ? [
        ['Opening balance', s.OpeningBalance],
        ['Rent collected', s.Collected],
        ['Less commission', -s.Commission],
        ['Less rental income tax withheld', -s.TaxWithheld],
        ['Less property expenses', -s.ExpensesTotal],
        ['Less payouts', -s.PayoutsTotal],
        ['Closing balance', s.ClosingBalance],
      ]
    : [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Owner statement">
      <Title order={3} mb="sm">
        Owner statement
      </Title>
      <Group mb="sm" align="end">
        <Select
          label="Landlord"
          data={(landlords.data ?? []).map((l) => ({ value: String(l.LandlordNo), label: l.Landlord_name }))}
          value={chosen}
          onChange={setLandlordNo}
          allowDeselect={false}
        />
        <TextInput type="month" label="Month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
        <Button variant="default" disabled={!s} onClick={() => void downloadFile(API.landlordMoney.ownerStatementPdf, query, 'application/pdf', 'owner-statement.pdf')}>
          PDF
        </Button>
        <Button variant="default" disabled={!s} onClick={() => void downloadFile(API.landlordMoney.ownerStatementCsv, query, 'text/csv', 'owner-statement.csv')}>
          CSV
        </Button>
        <Button disabled={!s} loading={email.isPending} onClick={() => email.mutate()}>
          Email to landlord
        </Button>
      </Group>
      {chosen === null ? <Text c="dimmed">No landlord has money with the agency yet.</Text> : null}
      {statement.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(statement.error, 'Something went wrong')}
        </Alert>
      ) : null}
      {s ? (
        <>
          <Table aria-label="Summary" mb="md">
            <Table.Tbody>
              {summary.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td fw={label.endsWith('balance') ? 600 : undefined}>{label}</Table.Td>
                  <Table.Td ta="right" data-testid={`statement-${label}`}>
                    {kshOf(value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={4} mb="xs">
            Houses ({s.VacantHouses} vacant)
          </Title>
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Houses" striped mb="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Property</Table.Th>
                  <Table.Th>House</Table.Th>
                  <Table.Th>Tenant</Table.Th>
                  <Table.Th ta="right">Rent charged</Table.Th>
                  <Table.Th ta="right">Collected</Table.Th>
                  <Table.Th ta="right">Arrears</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.Houses.map((h) => (
                  <Table.Tr key={`${h.HouseId}-${h.TenancyId ?? 'vacant'}`}>
                    <Table.Td>{h.Property_name}</Table.Td>
                    <Table.Td>{h.House_number}</Table.Td>
                    <Table.Td>{h.Tenant_name ?? 'Vacant'}</Table.Td>
                    <Table.Td ta="right">{kshOf(h.RentCharged)}</Table.Td>
                    <Table.Td ta="right">{kshOf(h.RentCollected)}</Table.Td>
                    <Table.Td ta="right">{kshOf(h.Arrears)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={4} mb="xs">
            Expenses and payouts
          </Title>
          <Table aria-label="Expenses and payouts">
            <Table.Tbody>
              {s.Expenses.map((e) => (
                <Table.Tr key={`e-${e.ExpenseId}-${e.Amount}`}>
                  <Table.Td>{e.Date}</Table.Td>
                  <Table.Td>
                    {e.Category}: {e.Payee}
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(e.Amount)}</Table.Td>
                </Table.Tr>
              ))}
              {s.Payouts.map((p) => (
                <Table.Tr key={`p-${p.PayoutId}`}>
                  <Table.Td>{p.Date}</Table.Td>
                  <Table.Td>
                    Payout ({p.Method}) {p.Reference}
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Card>
  );
}
