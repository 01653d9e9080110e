import { Stack, Text, Title } from '@mantine/core';

export function DashboardPage() {
  return (
    <Stack gap="xs">
      <Title order={1} fz={28}>
        Dashboard
      </Title>
      <Text c="dimmed">Your properties and tenancies will appear here.</Text>
    </Stack>
  );
}
