import { API, REVERSAL_MESSAGES, ReverseTransactionResponse } from '@makazi/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiFetch } from '../lib/api-client';
import { apiErrorMessage } from '../lib/api-error-message';
import { parseApiData as parsed } from '../lib/parse-api-data';
import { invalidateAfter } from '../lib/query-keys';
import { useT } from '../lib/i18n';

export async function reverseTransaction(body: { TransactionId: number; reason: string; managingAgentId: number }) {
  return parsed(ReverseTransactionResponse, await apiFetch<unknown>(API.money.reverse, { method: 'POST', body }));
}

type ReverseButtonProps = {
  managingAgentId: number;
  transactionId: number;
  /** What the person reverses, in words: 'receipt RCT-000004', 'transaction 100023'. */
  what: string;
};

/** Admin roles: a correction posts a contra entry naming the original, with a reason; the original stays. */
export function ReverseButton({ managingAgentId, transactionId, what }: ReverseButtonProps) {
  const queryClient = useQueryClient();
  const { t, tm } = useT();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: () => reverseTransaction({ TransactionId: transactionId, reason: reason.trim(), managingAgentId }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: t('tenancies.reverse.done', { message: tm(result.message), what }) });
      setOpened(false);
      setReason('');
    },
    onError: (e) => setError(apiErrorMessage(e, t('tenancies.reverse.failed'))),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'reversed' }),
  });
  const submit = () => {
    if (!reason.trim()) return setError(tm(REVERSAL_MESSAGES.reasonRequired));
    setError(null);
    reverse.mutate();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOpened(true)} data-print-hide>
        {t('tenancies.reverse.button')}
      </Button>
      <Modal opened={opened} onClose={() => !reverse.isPending && setOpened(false)} title={t('tenancies.reverse.title', { what })} centered>
        <Stack gap="md">
          <Text size="sm">{t('tenancies.reverse.explain')}</Text>
          <Textarea label={t('tenancies.reverse.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} maxLength={200} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={reverse.isPending}>
              {t('tenancies.reverse.cancel')}
            </Button>
            <Button color="red" onClick={submit} loading={reverse.isPending}>
              {t('tenancies.reverse.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
