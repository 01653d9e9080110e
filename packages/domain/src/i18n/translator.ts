import i18next, { type InitOptions, type TFunction } from 'i18next';
import { en } from './en';
import { type Language } from './languages';
import type { Translate } from './message-key';
import { I18N_SETTINGS } from './settings';
import { sw } from './sw';

export const CATALOGUES = { en, sw } as const;

/** The settings with every catalogue, for the server: it writes in any reader's language at any moment. */
export const I18N_OPTIONS: InitOptions = {
  ...I18N_SETTINGS,
  resources: { en: { translation: en }, sw: { translation: sw } },
};

const translators = new Map<Language, TFunction>();

/** A translator fixed to one language, for texts the server writes (PDFs, SMS, emails, refusals). */
export function translatorFor(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({ ...I18N_OPTIONS, lng: language });
    t = instance.getFixedT(language);
    translators.set(language, t);
  }
  return t;
}

/** A sentence only the server writes, in English from the catalogue, as answers and refusals carry it; the reader's language is chosen where it is shown. */
export function englishMessage(key: string, values?: Record<string, unknown>): string {
  const t = translatorFor('en') as unknown as Translate;
  return t(key, values);
}
