import { Alert, Button, Stack, Text } from '@mantine/core';
import { formatLocalDateTime, SIGN_IN_MESSAGES } from '@makazi/domain';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { endPreviousSessionRequest } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { useRetryWait } from '../../../lib/use-retry-wait';
import type { SignInFailure } from './sign-in-error';

type LoginConflictPanelProps = {
  failure: SignInFailure & { conflictTicket: string };
  /** The previous session was ended; the server's message is passed on. */
  onEnded: (message: string) => void;
  onCancel: () => void;
};

/** A login refused because of an active session elsewhere offers to end that session. */
export function LoginConflictPanel({ failure, onEnded, onCancel }: LoginConflictPanelProps) {
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState('');
  const wait = useRetryWait();
  const { t, tm } = useT();

  const endPrevious = async () => {
    setEnding(true);
    setError('');
    try {
      const result = await endPreviousSessionRequest({
        SessionId: failure.conflictTicket,
        Date: formatLocalDateTime(),
      });
      onEnded(result.message);
    } catch (caught) {
      wait.waitFor(caught);
      setError(
        caught instanceof ApiError && !caught.isNetworkError ? caught.message : SIGN_IN_MESSAGES.network,
      );
      setEnding(false);
    }
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="alert">
        <Text size="sm">{tm(failure.message)}</Text>
        {failure.loginTime ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('signIn.loginTime', { time: failure.loginTime })}
          </Text>
        ) : null}
      </Alert>
      {wait.message || error ? (
        <Text c="red.9" size="sm" role="alert">
          {wait.message || tm(error)}
        </Text>
      ) : null}
      <Stack gap="xs">
        <Button color="red" onClick={endPrevious} loading={ending} disabled={wait.secondsLeft > 0} fullWidth>
          {t('messages.signIn.terminatePrevious')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={ending} fullWidth>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
