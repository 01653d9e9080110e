import { Alert, Card, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';

/**
 * One of the agency's settings on the Admin page: its title, then its form
 * once the saved values have loaded, or why they could not be.
 */
export function SettingsCard<T>({
  title,
  loading,
  saved,
  children,
}: {
  title: string;
  loading: string;
  saved: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {saved.data ? (
        children(saved.data)
      ) : saved.isError ? (
        <Alert color="red">{apiErrorMessage(saved.error, 'Something Went wrong. Try Again Later')}</Alert>
      ) : (
        <Text>{loading}</Text>
      )}
    </Card>
  );
}
