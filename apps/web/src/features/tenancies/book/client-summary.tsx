import { maskPhone, type Client } from '@makazi/domain';
import { Card, Group, Stack, Text } from '@mantine/core';

/** The chosen tenant; the phone is masked. */
export function ClientSummary({ client }: { client: Client }) {
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Selected client">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{client.Full_name}</Text>
          <Text size="sm" c="dimmed">
            {client.Email}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm">Client No: {client.ClientNo}</Text>
          <Text size="sm">Phone No: {maskPhone(client.PhoneNo)}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
