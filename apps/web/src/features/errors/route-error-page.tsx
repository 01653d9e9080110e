import { Button, Code } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { i18n, useT } from '../../lib/i18n';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText ? `${error.status} ${error.statusText}` : String(error.status);
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return i18n.t('errorPages.unknown');
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useT();
  return (
    <StatusPage
      title={t('errorPages.unexpected')}
      description={<Code fz="md">{describeRouteError(error)}</Code>}
      actions={
        // A full page load: after a failed chunk load the router may not recover in place.
        <Button component="a" href="/" size="md" mt="sm">
          {t('errorPages.home')}
        </Button>
      }
    />
  );
}
