import { GENERIC_FAILURE_MESSAGE, transTimeText, type MpesaPayment } from '@makazi/domain';
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { Trans, useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { assignPayment, markNotRent, mpesaKey, unmatchedQuery } from './api/mpesa';

/** A bank deposit and an M-Pesa payment may share an id: the queue tells them apart by where the money came from. */
const sourceOf = (p: MpesaPayment) => (p.Source === 'bank' ? 'bank' : 'mpesa');
const keyOf = (p: MpesaPayment) => `${sourceOf(p)}-${p.PaymentId}`;

/** Payments (M-Pesa and bank) that matched no tenancy: assign each to a tenancy, or set it aside as not rent. */
export function UnmatchedQueue({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const queue = useQuery(unmatchedQuery(managingAgentId));
  // Below a desktop's width (the menu beside it takes a quarter) each payment is a card, its Assign in reach
  // without scrolling sideways (issue 19, point 10).
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [tenancy, setTenancy] = useState<Record<string, string>>({});
  const [note, setNote] = useState<Record<string, string>>({});
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) }),
      client.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) }),
      client.invalidateQueries({ queryKey: queryKeys.ledgers(managingAgentId) }),
    ]);
  const fail = (error: Error) =>
    notifications.show({ color: 'red', message: apiErrorMessage(error, GENERIC_FAILURE_MESSAGE) });
  const assign = useMutation({
    mutationFn: (p: MpesaPayment) =>
      assignPayment({ managingAgentId, paymentId: p.PaymentId, tenancyId: Number(tenancy[keyOf(p)] ?? 0), source: sourceOf(p) }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: t('mpesa.queue.assigned', { message: tm(r.message), receiptNo: r.receiptNo }) });
      await refresh();
    },
    onError: fail,
  });
  const setAside = useMutation({
    mutationFn: (p: MpesaPayment) =>
      markNotRent({ managingAgentId, paymentId: p.PaymentId, note: note[keyOf(p)] ?? '', source: sourceOf(p) }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: tm(r.message) });
      await refresh();
    },
    onError: fail,
  });

  // The same controls in the table and on a phone's card; `width` undefined lets a card's input take the room left.
  const tenancyInput = (p: MpesaPayment, width: number | undefined) => (
    <TextInput
      aria-label={t('mpesa.queue.tenancyId')}
      placeholder={t('mpesa.queue.tenancyId')}
      w={width}
      flex={width === undefined ? 1 : undefined}
      value={tenancy[keyOf(p)] ?? ''}
      onChange={(e) => setTenancy({ ...tenancy, [keyOf(p)]: e.currentTarget.value })}
    />
  );
  const assignButton = (p: MpesaPayment) => (
    <Button size="xs" onClick={() => assign.mutate(p)} loading={assign.isPending && assign.variables === p}>
      {t('mpesa.queue.assign')}
    </Button>
  );
  const noteInput = (p: MpesaPayment, width: number | undefined) => (
    <TextInput
      aria-label={t('mpesa.queue.note')}
      placeholder={t('mpesa.queue.note')}
      w={width}
      flex={width === undefined ? 1 : undefined}
      value={note[keyOf(p)] ?? ''}
      onChange={(e) => setNote({ ...note, [keyOf(p)]: e.currentTarget.value })}
    />
  );
  const notRentButton = (p: MpesaPayment) => (
    <Button size="xs" variant="light" color="gray" onClick={() => setAside.mutate(p)}>
      {t('mpesa.queue.notRent')}
    </Button>
  );

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
      {queue.data && queue.data.length > 0 && !wide ? (
        <Stack gap="sm">
          {queue.data.map((p) => (
            <Card key={keyOf(p)} withBorder radius="md" padding="sm" component="article" aria-label={t('mpesa.queue.row', { code: p.TransID })}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{p.TransID}</Text>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {kshOf(p.Amount)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {transTimeText(p.TransTime)} · {p.Phone}
              </Text>
              <Text size="sm">{p.Name}</Text>
              <Text size="sm">
                <Trans i18nKey="mpesa.queue.accountTypedValue" values={{ value: p.AccountNumber }} components={{ b: <b /> }} />
              </Text>
              <Stack gap="xs" mt="xs">
                <Group gap="xs" wrap="nowrap">
                  {tenancyInput(p, undefined)}
                  {assignButton(p)}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {noteInput(p, undefined)}
                  {notRentButton(p)}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : null}
      {queue.data && queue.data.length > 0 && wide ? (
        <Table.ScrollContainer minWidth={760}>
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
                <Table.Tr key={keyOf(p)} aria-label={t('mpesa.queue.row', { code: p.TransID })}>
                  <Table.Td>{p.TransID}</Table.Td>
                  <Table.Td>{transTimeText(p.TransTime)}</Table.Td>
                  <Table.Td>{p.Phone}</Table.Td>
                  <Table.Td>{p.Name}</Table.Td>
                  <Table.Td>{p.AccountNumber}</Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                  <Table.Td>
                    <Stack gap="xs">
                      <Group gap="xs" wrap="nowrap">
                        {tenancyInput(p, 130)}
                        {assignButton(p)}
                      </Group>
                      <Group gap="xs" wrap="nowrap">
                        {noteInput(p, 130)}
                        {notRentButton(p)}
                      </Group>
                    </Stack>
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
