import { Alert } from '@mantine/core';
import { SIGN_IN_MESSAGES } from '@makazi/domain';

import { useSessionEnded } from '../lib/auth';
import { useSession } from '../lib/session';

/** Says why a signed-out user landed here when the server ended their session; nothing after a plain logout. */
export function SessionEndedNotice({ mb }: { mb?: string }) {
  const ended = useSessionEnded();
  const { session } = useSession();
  if (!ended || session.isLoggedIn) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" mb={mb}>
      {SIGN_IN_MESSAGES.sessionExpired}
    </Alert>
  );
}
