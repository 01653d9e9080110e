import { Box, Text } from '@mantine/core';

export function Footer() {
  return (
    <Box component="footer" py="md" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" c="dimmed" ta="center">
        copyright 2024
      </Text>
    </Box>
  );
}
