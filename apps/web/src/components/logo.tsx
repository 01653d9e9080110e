import { Group, Text, ThemeIcon } from '@mantine/core';

import { useT } from '../lib/i18n';

/** `compact` drops the word mark on phones, where the header also holds the menu toggle. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={32} radius="md" aria-hidden>
        <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor">
          <path d="M3 11.2 12 3l9 8.2V20a1 1 0 0 1-1 1h-5.5v-6h-5v6H4a1 1 0 0 1-1-1z" />
        </svg>
      </ThemeIcon>
      <Text
        fw={800}
        fz={20}
        c="dark.8"
        style={{ letterSpacing: '-0.02em' }}
        visibleFrom={compact ? 'xs' : undefined}
      >
        {t('common.appName')}
      </Text>
    </Group>
  );
}
