import { Card, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** client/usermanagement: a placeholder for the admin roles. */
export function ClientUserManagementPage() {
  const { t } = useT();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('clientScreens.userManagement')}</Title>
      <Card withBorder radius="md" padding="xl">
        <Text c="dimmed">{t('clientScreens.userManagementSoon')}</Text>
      </Card>
    </Stack>
  );
}
