import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '../auth/sign-in-messages';
import { flattenCatalogue } from './catalogue';
import { acceptLanguageTags, pickLanguage } from './languages';
import { CATALOGUES, messageKey, translateMessage, translatorFor } from './translator';

const PLACEHOLDER = /\{\{\s*(\w+)[^}]*\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  const english = flattenCatalogue(CATALOGUES.en);

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    const entries = flattenCatalogue(catalogue);
    it(`${language} has exactly the English keys`, () => {
      expect([...entries.keys()].filter((k) => !english.has(k))).toEqual([]);
      expect([...english.keys()].filter((k) => !entries.has(k))).toEqual([]);
    });
    it(`${language} leaves no text empty and keeps every placeholder`, () => {
      for (const [key, text] of entries) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('finds a key missing from one catalogue', () => {
    const broken = flattenCatalogue({ ...CATALOGUES.sw, nav: { ...CATALOGUES.sw.nav, logout: undefined } });
    expect(broken.has('nav.logout')).toBe(false);
    expect(english.has('nav.logout')).toBe(true);
  });
});

describe('translating', () => {
  it('translates in each language and falls back to English for nothing', () => {
    expect(translatorFor('en')('signIn.title')).toBe('Log in');
    expect(translatorFor('sw')('signIn.title')).toBe('Ingia');
    expect(translatorFor('sw')('nav.hi', { name: 'Wanjiku' })).toBe('Habari Wanjiku');
  });

  it("finds a domain message by its English text, SPEC's misspellings included", () => {
    expect(messageKey(SIGN_IN_MESSAGES.sessionExpired)).toBe('messages.signIn.sessionExpired');
    expect(translateMessage(translatorFor('sw'), SIGN_IN_MESSAGES.wrongCredentials)).toBe(
      'Barua pepe au nenosiri si sahihi',
    );
    expect(translateMessage(translatorFor('sw'), 'Nyumba ya Bi. Achieng')).toBe('Nyumba ya Bi. Achieng');
  });
});

describe('choosing a language', () => {
  it('takes the first preferred tag we speak, else English', () => {
    expect(pickLanguage(['sw-KE', 'en'])).toBe('sw');
    expect(pickLanguage(['fr-FR', 'sw'])).toBe('sw');
    expect(pickLanguage(['fr-FR', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('orders Accept-Language by weight', () => {
    expect(acceptLanguageTags('en;q=0.5, sw-KE, fr;q=0.8')).toEqual(['sw-KE', 'fr', 'en']);
    expect(acceptLanguageTags('sw;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });
});
