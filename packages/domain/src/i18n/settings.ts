import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language-codes';

/** i18next's settings for both apps: one namespace, values already formatted (money, dates) and escaped where they are shown. */
export const I18N_SETTINGS: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};
