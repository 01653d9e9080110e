import { Alert } from '@mantine/core';

/** Shown where a screen needs an account to act on and the current space has none. */
export function NoWorkAccount() {
  return (
    <Alert color="yellow" variant="light" role="alert">
      There is no property management account to work on in this space.
    </Alert>
  );
}
