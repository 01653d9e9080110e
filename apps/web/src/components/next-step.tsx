import { isRoleAllowed } from '@makazi/domain';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { sessionRoleList, useSession, useWorkContext, type AllowedList } from '../lib/session';

type NextStepProps = {
  /** What is missing, as the list would say it. */
  message: string;
  /** The step that fills it, as a link to where it is taken. */
  action: string;
  to: string;
  state?: unknown;
  /** The roles that may take the step (the same list as its route's guard). */
  allowed: AllowedList;
};

/**
 * An empty list that says what to do next rather than stopping there. The
 * step is offered only to a role that may take it; others read the message alone.
 */
export function NextStep({ message, action, to, state, allowed }: NextStepProps) {
  const { session } = useSession();
  const { role } = useWorkContext();
  const may = isRoleAllowed(role, sessionRoleList(session, allowed));
  return (
    <Stack gap="xs" align="flex-start">
      <Text c="dimmed">{message}</Text>
      {may ? (
        <Button component={Link} to={to} state={state}>
          {action}
        </Button>
      ) : null}
    </Stack>
  );
}
