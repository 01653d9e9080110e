import { GENERIC_FAILURE_MESSAGE } from '@makazi/domain';
import { Alert, Button, Group, TextInput } from '@mantine/core';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';

/** What a form's last send came to: the server's refusal, or its answer, in the reader's language. */
export function Outcome({ mutation }: { mutation: { isError: boolean; error: unknown; data?: { message: string } | undefined } }) {
  const { tm } = useT();
  if (mutation.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="sm">
        {apiErrorMessage(mutation.error, GENERIC_FAILURE_MESSAGE)}
      </Alert>
    );
  if (mutation.data)
    return (
      <Alert color="teal" variant="light" role="status" mt="sm">
        {tm(mutation.data.message)}
      </Alert>
    );
  return null;
}

/** The row whose reason box is open (one at a time), and the reason typed so far. */
export type Reversing = { id: string; reason: string } | null;

/** A row's Reverse: the button opens a reason box in its place; the reversal goes only with a reason. */
export function ReverseWithReason({
  id,
  reversing,
  onReversing,
  pending,
  onSubmit,
  labels,
}: {
  id: string;
  reversing: Reversing;
  onReversing: (next: Reversing) => void;
  pending: boolean;
  onSubmit: (reason: string) => void;
  labels: { reverse: string; reason: string; submit: string };
}) {
  if (reversing?.id === id)
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput size="xs" aria-label={labels.reason} placeholder={labels.reason} value={reversing.reason} onChange={(ev) => onReversing({ id, reason: ev.currentTarget.value })} />
        <Button size="compact-sm" color="red" disabled={!reversing.reason.trim()} loading={pending} onClick={() => onSubmit(reversing.reason)}>
          {labels.submit}
        </Button>
      </Group>
    );
  return (
    <Button size="compact-sm" variant="subtle" color="red" onClick={() => onReversing({ id, reason: '' })}>
      {labels.reverse}
    </Button>
  );
}
