import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';

import { useT } from '../lib/i18n';

// WCAG 2.2 AA asks 4.5:1 for text. Teal 9 (#087f5b) keeps the look and gives
// white-on-teal buttons and teal links 5.0:1 on white; Mantine's own shade 7
// gave 3.1:1.
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Close buttons are icons: without a name a screen reader announces only "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Under a title Mantine greys the description to gray 6 (3.3:1); the dimmed shade is 5.8:1.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** The theme with its close buttons named in the reader's language. */
export function useLocalTheme(): MantineThemeOverride {
  const { t, language } = useT();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('common.close') };
    return createTheme({
      ...theme,
      components: {
        ...theme.components,
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { ...theme.components?.Notification, defaultProps: { closeButtonProps } },
      },
    });
    // The language is what changes t's texts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
}

/** A teal darker than Mantine's darkest: 6.7:1 with white, 5.8:1 on pale teal. */
const DEEP_TEAL = '#06694b';

/**
 * Shades Mantine picks on its own, darkened to 4.5:1 or better in every state
 * a pointer can leave them in: dimmed text (#5c636a is 5.8:1 on the page's
 * #f8f9fa, Mantine's #868e96 was 3.2:1), field errors (red 9, 5.8:1; red 6 was
 * 3.3:1), filled buttons under the pointer (Mantine lightens teal 9 to 8 on
 * hover, 3.9:1), and teal text on pale teal (light buttons and badges).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-filled-hover': DEEP_TEAL,
    '--mantine-primary-color-filled-hover': DEEP_TEAL,
    '--mantine-color-teal-light-color': DEEP_TEAL,
    '--mantine-primary-color-light-color': DEEP_TEAL,
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
