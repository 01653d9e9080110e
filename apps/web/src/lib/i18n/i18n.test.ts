import { expect, it, vi } from 'vitest';

it('ships English alone and fetches Kiswahili on the switch, showing it only once it is in', async () => {
  // Test files share one module graph: a fresh copy of the module is a fresh browser.
  vi.resetModules();
  const { changeLanguage, i18n } = await import('./i18n');
  expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
  expect(i18n.hasResourceBundle('sw', 'translation')).toBe(false);

  const seen: string[] = [];
  i18n.on('languageChanged', () => seen.push(i18n.t('common.loading')));
  await changeLanguage('sw');

  expect(i18n.hasResourceBundle('sw', 'translation')).toBe(true);
  expect(seen).toEqual(['Inapakia']);
  expect(document.documentElement.lang).toBe('sw-KE');
  await changeLanguage('en');
});
