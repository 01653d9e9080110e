import { API, REVERSAL_MESSAGES, ReverseTransactionResponse } from '@makazi/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiFetch } from '../lib/api-client';
import { apiErrorMessage } from '../lib/api-error-message';
import { parseApiData as parsed } from '../lib/parse-api-data';
import { invalidateAfter } from '../lib/query-keys';

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
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: () => reverseTransaction({ TransactionId: transactionId, reason: reason.trim(), managingAgentId }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: `${result.message}: ${what}` });
      setOpened(false);
      setReason('');
    },
    onError: (e) => setError(apiErrorMessage(e, 'Something went wrong')),
    onSettled: () => invalidateAfter(queryClient, managingAgentId, { kind: 'reversed' }),
  });
  const submit = () => {
    if (!reason.trim()) return setError(REVERSAL_MESSAGES.reasonRequired);
    setError(null);
    reverse.mutate();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOpened(true)} data-print-hide>
        Reverse
      </Button>
      <Modal opened={opened} onClose={() => !reverse.isPending && setOpened(false)} title={`Reverse ${what}?`} centered>
        <Stack gap="md">
          <Text size="sm">A contra entry undoes it on the statement; the original stays. A transaction is reversed once.</Text>
          <Textarea label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} maxLength={200} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={reverse.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={submit} loading={reverse.isPending}>
              Reverse
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
