import { transTimeText } from '@makazi/domain';
import { Alert, Badge, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { reconciliationQuery } from './api/mpesa';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nairobiDay = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** What M-Pesa received against what was posted, for Nairobi days from–to. */
export function ReconciliationView({ managingAgentId }: { managingAgentId: number }) {
  const today = nairobiDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const report = useQuery({
    ...reconciliationQuery(managingAgentId, from, to),
    enabled: DAY.test(from) && DAY.test(to),
  });
  const r = report.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Reconciliation">
      <Title order={3} mb="sm">
        Reconciliation
      </Title>
      <Group mb="sm">
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {report.isError ? (
        <Alert color="red" variant="light" role="alert">
          Something Went wrong. Try Again Later
        </Alert>
      ) : null}
      {r ? (
        <>
          <Table aria-label="Totals" mb="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Received by M-Pesa</Table.Td>
                <Table.Td ta="right" data-testid="received">
                  {kshOf(r.Received)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Posted to tenancies</Table.Td>
                <Table.Td ta="right" data-testid="posted">
                  {kshOf(r.Posted)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Difference</Table.Td>
                <Table.Td ta="right" data-testid="difference">
                  {kshOf(r.Difference)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Matched · unmatched · not rent · rejected callbacks</Table.Td>
                <Table.Td ta="right">
                  {r.Matched} · {r.Unmatched} · {r.NotRent} · {r.Rejected}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {r.Difference === 0 ? (
            <Badge color="teal" size="lg">
              Balanced
            </Badge>
          ) : (
            <Text fw={600} mb="xs">
              Differences
            </Text>
          )}
          {r.Differences.length > 0 ? (
            <Table aria-label="Differences">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>M-Pesa code</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">Posted</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.Differences.map((d) => (
                  <Table.Tr key={d.TransID}>
                    <Table.Td>{d.TransID}</Table.Td>
                    <Table.Td>{transTimeText(d.TransTime)}</Table.Td>
                    <Table.Td ta="right">{kshOf(d.Amount)}</Table.Td>
                    <Table.Td ta="right">{kshOf(d.Posted)}</Table.Td>
                    <Table.Td>{d.Note ? `${d.Status}: ${d.Note}` : d.Status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
