import i18next, { type InitOptions, type TFunction } from 'i18next';
import { flattenCatalogue } from './catalogue';
import { en } from './en';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { sw } from './sw';

export const CATALOGUES = { en, sw } as const;

/** i18next's settings for both apps: one namespace, values already formatted (money, dates) and escaped where they are shown. */
export const I18N_OPTIONS: InitOptions = {
  resources: { en: { translation: en }, sw: { translation: sw } },
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
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

let keysByEnglish: Map<string, string> | undefined;

/**
 * The catalogue key of a domain message given its English text, which is what
 * the schemas and the server's refusals carry; undefined for texts that are not
 * in the catalogue (a record's own name, say).
 */
export function messageKey(english: string): string | undefined {
  if (!keysByEnglish) {
    keysByEnglish = new Map();
    for (const [key, text] of flattenCatalogue(en.messages, 'messages')) {
      if (!keysByEnglish.has(text)) keysByEnglish.set(text, key);
    }
  }
  return keysByEnglish.get(english);
}

/** A domain message in the reader's language; texts outside the catalogue pass through unchanged. */
export function translateMessage(t: (key: string) => string, english: string): string {
  const key = messageKey(english);
  return key ? t(key) : english;
}
