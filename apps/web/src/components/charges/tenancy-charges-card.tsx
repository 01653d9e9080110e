import { CHARGE_MESSAGES, amountToCents, formatAmount } from '@makazi/domain';
import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { invalidateAfter } from '../../lib/query-keys';
import { tenancyChargesQuery, waivePenalty } from '../../lib/api/charges';

const ksh = (amount: number) => formatAmount(amountToCents(amount));

/**
 * A tenancy's money by kind beside RentBalance (docs/money.md#charges-beyond-rent),
 * and what is still open, oldest first: what the next payment pays. Admins
 * may waive an open penalty with a reason.
 */
export function TenancyChargesCard({ managingAgentId, tenancyId, canWaive }: { managingAgentId: number; tenancyId: number; canWaive: boolean }) {
  const charges = useQuery(tenancyChargesQuery(managingAgentId, tenancyId));
  const { t, account, ledgerText, runningBalance } = useT();
  if (charges.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(charges.error, 'Something Went wrong. Try Again Later')}
      </Alert>
    );
  }
  if (!charges.data) return <Text c="dimmed">{t('ledger.charges.loading')}</Text>;
  const { Kinds, Open } = charges.data;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="xs">
        {t('ledger.charges.byKind')}
      </Title>
      <Group gap="lg" wrap="wrap" aria-label={t('ledger.charges.byKind')} role="list">
        {Kinds.map((k) => (
          <Stack key={k.Kind} gap={0} role="listitem">
            <Text size="xs" c="dimmed">
              {account(k.Name)}
            </Text>
            <Text fw={600}>{runningBalance(k.Balance)}</Text>
          </Stack>
        ))}
      </Group>
      <Title order={4} size="h5" mt="md" mb="xs">
        {t('ledger.charges.open')}
      </Title>
      {Open.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('ledger.charges.nothingOpen')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} aria-label={t('ledger.charges.openLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ledger.charges.charge')}</Table.Th>
                <Table.Th ta="right">{t('ledger.charges.openColumn')}</Table.Th>
                {canWaive ? <Table.Th data-print-hide /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Open.map((o) => (
                <Table.Tr key={o.TransactionId}>
                  <Table.Td>{ledgerText(o.Details)}</Table.Td>
                  <Table.Td ta="right">{ksh(o.Open)}</Table.Td>
                  {canWaive ? (
                    <Table.Td data-print-hide>
                      {o.Details.startsWith('Late-payment penalty') ? (
                        <WaiveButton managingAgentId={managingAgentId} transactionId={o.TransactionId} what={ledgerText(o.Details)} />
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function WaiveButton({ managingAgentId, transactionId, what }: { managingAgentId: number; transactionId: number; what: string }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const { t, tm } = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const waive = useMutation({
    mutationFn: () => waivePenalty({ managingAgentId, TransactionId: transactionId, reason: reason.trim() }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: t('ledger.charges.waived', { message: tm(result.message), what }) });
      setOpened(false);
      setReason('');
    },
    onError: (e) => setError(apiErrorMessage(e, t('ledger.charges.failed'))),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'reversed' }),
  });
  const submit = () => {
    if (!reason.trim()) return setError(tm(CHARGE_MESSAGES.reasonRequired));
    setError(null);
    waive.mutate();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOpened(true)}>
        {t('ledger.charges.waive')}
      </Button>
      <Modal opened={opened} onClose={() => !waive.isPending && setOpened(false)} title={t('ledger.charges.waiveTitle', { what })} centered>
        <Stack gap="md">
          <Text size="sm">{t('ledger.charges.waiveExplain')}</Text>
          <Textarea label={t('ledger.charges.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} maxLength={200} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={waive.isPending}>
              {t('ledger.charges.cancel')}
            </Button>
            <Button color="red" onClick={submit} loading={waive.isPending}>
              {t('ledger.charges.waivePenalty')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
