import { Card, Stack, Text, Title } from '@mantine/core';

/** client/usermanagement: a placeholder for the admin roles. */
export function ClientUserManagementPage() {
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>User Management</Title>
      <Card withBorder radius="md" padding="xl">
        <Text c="dimmed">Client user management is coming soon.</Text>
      </Card>
    </Stack>
  );
}
