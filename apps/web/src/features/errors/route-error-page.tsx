import { Button, Code } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { StatusPage } from '../../components/status-page';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText ? `${error.status} ${error.statusText}` : String(error.status);
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <StatusPage
      title="Unexpected Application Error!"
      description={<Code fz="md">{describeRouteError(error)}</Code>}
      actions={
        // A full page load: after a failed chunk load the router may not recover in place.
        <Button component="a" href="/" size="md" mt="sm">
          Home
        </Button>
      }
    />
  );
}
