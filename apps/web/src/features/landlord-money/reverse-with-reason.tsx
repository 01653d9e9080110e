import { Button, Group, TextInput } from '@mantine/core';

/** The row of a table whose reason box is open, and the reason typed so far: one row at a time. */
export type Reversing = { id: number; reason: string } | null;

/**
 * A table row's Reverse: the button opens a reason box in place of itself, and
 * the reversal is sent only with a reason (the server refuses one without).
 */
export function ReverseWithReason({
  id,
  canReverse,
  reversing,
  onReversing,
  pending,
  onSubmit,
  labels,
}: {
  id: number;
  canReverse: boolean;
  reversing: Reversing;
  onReversing: (next: Reversing) => void;
  pending: boolean;
  onSubmit: (r: { id: number; reason: string }) => void;
  labels: { reverse: string; reason: string; submit: string; button?: string };
}) {
  if (reversing?.id === id) {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput
          size="xs"
          aria-label={labels.reason}
          placeholder={labels.reason}
          value={reversing.reason}
          onChange={(ev) => onReversing({ id, reason: ev.currentTarget.value })}
        />
        <Button size="compact-sm" color="red" disabled={!reversing.reason.trim()} loading={pending} onClick={() => onSubmit(reversing)}>
          {labels.submit}
        </Button>
      </Group>
    );
  }
  if (!canReverse) return null;
  return (
    <Button size="compact-sm" variant="subtle" color="red" onClick={() => onReversing({ id, reason: '' })} aria-label={labels.button}>
      {labels.reverse}
    </Button>
  );
}
