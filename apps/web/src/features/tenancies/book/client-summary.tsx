import { maskPhone, type Client } from '@makazi/domain';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** The chosen tenant; the phone is masked. */
export function ClientSummary({ client }: { client: Client }) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="sm" aria-label={t('tenancies.book.selectedClient')}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{client.Full_name}</Text>
          <Text size="sm" c="dimmed">
            {client.Email}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm">{t('tenancies.book.clientNo', { clientNo: client.ClientNo })}</Text>
          <Text size="sm">{t('tenancies.book.phoneNo', { phone: maskPhone(client.PhoneNo) })}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
