import { HIRING_MESSAGES } from '@makazi/domain';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useChangeAvailability } from './api/work';

/**
 * The availability toggle (docs/access.md#hired-users): 1 available, 0 not; blocked for a user who owns
 * an agency account (an admin agent that is not a landlord's own).
 */
export function AvailabilitySection(props: {
  userNo: number;
  available: 0 | 1 | undefined;
  blocked: boolean;
}) {
  const change = useChangeAvailability(props.userNo);
  const [error, setError] = useState<string | null>(null);

  function toggle(next: boolean) {
    setError(null);
    if (props.blocked) {
      setError(HIRING_MESSAGES.availabilityBlocked);
      return;
    }
    change.mutate(next ? 1 : 0, {
      onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
      onError: (e) => setError(apiErrorMessage(e, HIRING_MESSAGES.availabilityFailed)),
    });
  }

  return (
    <Stack gap="xs" data-testid="availability">
      <Title order={2} fz="lg">
        Availability for work
      </Title>
      <Switch
        label={props.available === 1 ? 'Available for work' : 'Not available for work'}
        checked={props.available === 1}
        disabled={props.available === undefined || props.blocked || change.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {props.blocked ? (
        <Text size="sm" c="orange">
          {HIRING_MESSAGES.availabilityBlocked}
        </Text>
      ) : null}
      {error && !props.blocked ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
