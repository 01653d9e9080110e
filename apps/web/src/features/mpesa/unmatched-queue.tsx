import { transTimeText } from '@makazi/domain';
import { Alert, Button, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { queryKeys } from '../../lib/query-keys';
import { assignPayment, markNotRent, mpesaKey, unmatchedQuery } from './api/mpesa';

/** Payments that matched no tenancy: assign each to a tenancy, or set it aside as not rent. */
export function UnmatchedQueue({ managingAgentId }: { managingAgentId: number }) {
  const client = useQueryClient();
  const queue = useQuery(unmatchedQuery(managingAgentId));
  const [tenancy, setTenancy] = useState<Record<number, string>>({});
  const [note, setNote] = useState<Record<number, string>>({});
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) }),
      client.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) }),
      client.invalidateQueries({ queryKey: queryKeys.ledgers(managingAgentId) }),
    ]);
  const fail = (error: Error) =>
    notifications.show({ color: 'red', message: apiErrorMessage(error, 'Something went wrong') });
  const assign = useMutation({
    mutationFn: (paymentId: number) =>
      assignPayment({ managingAgentId, paymentId, tenancyId: Number(tenancy[paymentId] ?? 0) }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: `${r.message}: ${r.receiptNo}` });
      await refresh();
    },
    onError: fail,
  });
  const setAside = useMutation({
    mutationFn: (paymentId: number) =>
      markNotRent({ managingAgentId, paymentId, note: note[paymentId] ?? '' }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: r.message });
      await refresh();
    },
    onError: fail,
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Unmatched payments">
      <Title order={3} mb="sm">
        Unmatched payments
      </Title>
      {queue.isError ? (
        <Alert color="red" variant="light" role="alert">
          Something Went wrong. Try Again Later
        </Alert>
      ) : null}
      {queue.data?.length === 0 ? <Text c="dimmed">Every M-Pesa payment is matched.</Text> : null}
      {queue.data && queue.data.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>M-Pesa code</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Account number typed</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Assign or set aside</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.map((p) => (
                <Table.Tr key={p.PaymentId} aria-label={`Payment ${p.TransID}`}>
                  <Table.Td>{p.TransID}</Table.Td>
                  <Table.Td>{transTimeText(p.TransTime)}</Table.Td>
                  <Table.Td>{p.Phone}</Table.Td>
                  <Table.Td>{p.Name}</Table.Td>
                  <Table.Td>{p.AccountNumber}</Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        aria-label="Tenancy ID"
                        placeholder="Tenancy ID"
                        w={110}
                        value={tenancy[p.PaymentId] ?? ''}
                        onChange={(e) => setTenancy({ ...tenancy, [p.PaymentId]: e.currentTarget.value })}
                      />
                      <Button
                        size="xs"
                        onClick={() => assign.mutate(p.PaymentId)}
                        loading={assign.isPending && assign.variables === p.PaymentId}
                      >
                        Assign
                      </Button>
                      <TextInput
                        aria-label="Note"
                        placeholder="Note"
                        w={140}
                        value={note[p.PaymentId] ?? ''}
                        onChange={(e) => setNote({ ...note, [p.PaymentId]: e.currentTarget.value })}
                      />
                      <Button
                        size="xs"
                        variant="light"
                        color="gray"
                        onClick={() => setAside.mutate(p.PaymentId)}
                      >
                        Not rent
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
