import { Box, Group, Text } from '@mantine/core';

import { LanguageSwitch } from '../../components/language';
import { useT } from '../../lib/i18n';

export function Footer() {
  const { t } = useT();
  return (
    <Box component="footer" py="md" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="center" gap="md">
        <LanguageSwitch />
        <Text size="sm" c="dimmed" ta="center">
          {t('common.copyright')}
        </Text>
      </Group>
    </Box>
  );
}
