import { transTimeText } from '@makazi/domain';
import { Alert, Button, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { assignPayment, markNotRent, mpesaKey, unmatchedQuery } from './api/mpesa';

/** Payments that matched no tenancy: assign each to a tenancy, or set it aside as not rent. */
export function UnmatchedQueue({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
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
      notifications.show({ color: 'teal', message: t('mpesa.queue.assigned', { message: tm(r.message), receiptNo: r.receiptNo }) });
      await refresh();
    },
    onError: fail,
  });
  const setAside = useMutation({
    mutationFn: (paymentId: number) =>
      markNotRent({ managingAgentId, paymentId, note: note[paymentId] ?? '' }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: tm(r.message) });
      await refresh();
    },
    onError: fail,
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.queue.title')}>
      <Title order={3} mb="sm">
        {t('mpesa.queue.title')}
      </Title>
      {queue.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('mpesa.failed')}
        </Alert>
      ) : null}
      {queue.data?.length === 0 ? <Text c="dimmed">{t('mpesa.queue.allMatched')}</Text> : null}
      {queue.data && queue.data.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mpesa.columns.code')}</Table.Th>
                <Table.Th>{t('mpesa.columns.time')}</Table.Th>
                <Table.Th>{t('mpesa.columns.phone')}</Table.Th>
                <Table.Th>{t('mpesa.columns.name')}</Table.Th>
                <Table.Th>{t('mpesa.queue.accountTyped')}</Table.Th>
                <Table.Th ta="right">{t('mpesa.columns.amount')}</Table.Th>
                <Table.Th>{t('mpesa.queue.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.map((p) => (
                <Table.Tr key={p.PaymentId} aria-label={t('mpesa.queue.row', { code: p.TransID })}>
                  <Table.Td>{p.TransID}</Table.Td>
                  <Table.Td>{transTimeText(p.TransTime)}</Table.Td>
                  <Table.Td>{p.Phone}</Table.Td>
                  <Table.Td>{p.Name}</Table.Td>
                  <Table.Td>{p.AccountNumber}</Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        aria-label={t('mpesa.queue.tenancyId')}
                        placeholder={t('mpesa.queue.tenancyId')}
                        w={110}
                        value={tenancy[p.PaymentId] ?? ''}
                        onChange={(e) => setTenancy({ ...tenancy, [p.PaymentId]: e.currentTarget.value })}
                      />
                      <Button
                        size="xs"
                        onClick={() => assign.mutate(p.PaymentId)}
                        loading={assign.isPending && assign.variables === p.PaymentId}
                      >
                        {t('mpesa.queue.assign')}
                      </Button>
                      <TextInput
                        aria-label={t('mpesa.queue.note')}
                        placeholder={t('mpesa.queue.note')}
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
                        {t('mpesa.queue.notRent')}
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
