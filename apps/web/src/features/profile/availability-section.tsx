import { HIRING_MESSAGES } from '@makazi/domain';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
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
  const { t, tm } = useT();
  const change = useChangeAvailability(props.userNo);
  const [error, setError] = useState<string | null>(null);

  function toggle(next: boolean) {
    setError(null);
    if (props.blocked) {
      setError(tm(HIRING_MESSAGES.availabilityBlocked));
      return;
    }
    change.mutate(next ? 1 : 0, {
      onSuccess: (result) => notifications.show({ color: 'green', message: tm(result.message) }),
      onError: (e) => setError(apiErrorMessage(e, HIRING_MESSAGES.availabilityFailed)),
    });
  }

  return (
    <Stack gap="xs" data-testid="availability">
      <Title order={2} fz="lg">
        {t('hiring.work.availability')}
      </Title>
      <Switch
        label={props.available === 1 ? t('hiring.work.available') : t('hiring.work.notAvailable')}
        checked={props.available === 1}
        disabled={props.available === undefined || props.blocked || change.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {props.blocked ? (
        <Text size="sm" c="orange">
          {tm(HIRING_MESSAGES.availabilityBlocked)}
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
