import { Alert } from '@mantine/core';

import { GENERIC_FAILURE_MESSAGE } from '@makazi/domain';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';

/** What a form's last send came to: the server's refusal, or its answer, in the reader's language. */
export function MutationOutcome({
  mutation,
  gap = 'mt',
}: {
  mutation: { isError: boolean; error: unknown; data?: { message: string } | undefined };
  gap?: 'mt' | 'mb';
}) {
  const { tm } = useT();
  const space = { [gap]: 'sm' };
  if (mutation.isError)
    return (
      <Alert color="red" variant="light" role="alert" {...space}>
        {apiErrorMessage(mutation.error, GENERIC_FAILURE_MESSAGE)}
      </Alert>
    );
  if (mutation.data)
    return (
      <Alert color="teal" variant="light" role="status" {...space}>
        {tm(mutation.data.message)}
      </Alert>
    );
  return null;
}
