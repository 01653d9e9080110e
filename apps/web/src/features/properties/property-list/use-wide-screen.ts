import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Tables from the sm breakpoint up, cards below it (docs/screens.md#lists-on-narrow-screens). */
export function useWideScreen(): boolean {
  const theme = useMantineTheme();
  return (
    useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false }) ?? true
  );
}
