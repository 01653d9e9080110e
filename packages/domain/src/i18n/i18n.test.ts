import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '../auth/sign-in-messages';
import { INVOICE_MESSAGES } from '../tenancies/money-transactions';
import { englishLeft } from './english-left';
import { translateAppliedTo, translateLedgerText } from './ledger-text';
import { flattenCatalogue } from './catalogue';
import { acceptLanguageTags, pickLanguage } from './language-codes';
import { messageKey, translateMessage } from './message-key';
import { CATALOGUES, translatorFor } from './translator';

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

describe('sentences the screens build from figures', () => {
  const en = translatorFor('en');
  it("say in English exactly what the server's INVOICE_MESSAGES say", () => {
    for (const count of [1, 3]) {
      expect(en('admin.invoicing.done', { count, months: 'January 2027', amount: 'Ksh 15,000.00' })).toBe(
        INVOICE_MESSAGES.done(count, 'January 2027', 'Ksh 15,000.00'),
      );
      expect(en('admin.invoicing.due', { count, months: 'February 2027', amount: 'Ksh 15,000.00' })).toBe(
        INVOICE_MESSAGES.due(count, 'February 2027', 'Ksh 15,000.00'),
      );
    }
    expect(en('admin.invoicing.invoiced', { month: 'May 2027' })).toBe(INVOICE_MESSAGES.invoiced('May 2027'));
    expect(en('admin.invoicing.nothingDue', { month: 'May 2027' })).toBe(INVOICE_MESSAGES.nothingDue('May 2027'));
    expect(en('admin.invoicing.chargedByBookings', { month: 'May 2027' })).toBe(
      INVOICE_MESSAGES.chargedByBookings('May 2027'),
    );
    expect(en('admin.invoicing.automaticOn')).toBe(INVOICE_MESSAGES.automaticOn);
  });
});

describe("the ledger's words", () => {
  const sw = translatorFor('sw');
  it('translates what the ledger writes and keeps what the office typed', () => {
    expect(translateLedgerText(sw, 'Rent for November 2026')).toBe('Kodi ya Novemba 2026');
    expect(translateLedgerText(sw, 'Water for May 2027')).toBe('Maji ya Mei 2027');
    expect(translateLedgerText(sw, 'Reversal of transaction 12: wrong tenancy')).toBe('Ubatilishaji wa muamala 12: wrong tenancy');
    expect(translateLedgerText(sw, 'Deposit applied to arrears')).toBe('Amana imetumika kulipa malimbikizo');
    expect(translateLedgerText(sw, 'M-Pesa Pay now')).toBe('M-Pesa Lipa sasa');
    expect(translateLedgerText(sw, 'M-Pesa QK12ABC345')).toBe('M-Pesa QK12ABC345');
    expect(translateLedgerText(sw, 'Cash at the office')).toBe('Cash at the office');
    expect(translateLedgerText(sw, 'Paid for a month')).toBe('Paid for a month');
    expect(translateAppliedTo(sw, 'Rent for May 2027 5,000.00; Water for May 2027 1,800.00')).toBe(
      'Kodi ya Mei 2027 5,000.00; Maji ya Mei 2027 1,800.00',
    );
    expect(translateLedgerText(translatorFor('en'), 'Rent for November 2026')).toBe('Rent for November 2026');
  });
});

describe('finding English left on a Kiswahili screen', () => {
  it('matches whole catalogue texts, placeholders filled, and nothing Kiswahili', () => {
    expect(englishLeft(['Rent collection, November 2026', 'Ukusanyaji wa kodi, Novemba 2026', 'Baraka Court']).map((f) => f.key)).toEqual([
      'dashboard.money.collectionOf',
    ]);
  });
});
