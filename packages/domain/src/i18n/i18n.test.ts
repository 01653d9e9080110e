import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { tooManyAttemptsMessage } from '../api/errors';
import { SIGN_IN_MESSAGES } from '../auth/sign-in-messages';
import { CHARGE_MESSAGES } from '../charges/charges';
import { REMINDER_MESSAGES } from '../charges/reminders';
import { WATER_MESSAGES } from '../charges/water';
import { HIRING_MESSAGES } from '../hiring/hiring';
import { MONEY_OUT_MESSAGES } from '../landlord/payouts';
import { CLOSED_MONTH_MESSAGES } from '../landlord/statement';
import { INVOICE_MESSAGES } from '../tenancies/money-transactions';
import { RENT_REVIEW_MESSAGES } from '../tenancies/rent-review';
import { SETTLEMENT_MESSAGES } from '../tenancies/tenancy';
import { englishLeft } from './english-left';
import { translateAppliedTo, translateLedgerText } from './ledger-text';
import { flattenCatalogue } from './catalogue';
import { acceptLanguageTags, pickLanguage } from './language-codes';
import { findMessage, messageKey, translateMessage } from './message-key';
import { CATALOGUES, englishMessage, translatorFor } from './translator';

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
    expect(translateLedgerText(sw, 'Water for May 2027')).toBe('Maji, Mei 2027');
    expect(translateLedgerText(sw, 'Reversal of transaction 12: wrong tenancy')).toBe('Ubatilishaji wa muamala 12: wrong tenancy');
    expect(translateLedgerText(sw, 'Deposit applied to arrears')).toBe('Amana imetumika kulipa malimbikizo');
    expect(translateLedgerText(sw, 'Credit applied to charges')).toBe('Ziada imetumika kulipa tozo');
    expect(translateLedgerText(sw, 'Deposit applied to arrears but never received: owed again')).toBe(
      'Amana iliyotumika kulipa malimbikizo haikupokelewa: inadaiwa tena',
    );
    expect(translateLedgerText(sw, 'M-Pesa Pay now')).toBe('M-Pesa Lipa sasa');
    expect(translateLedgerText(sw, 'Water: 12 units × Ksh 150.00 (1,234 → 1,246)')).toBe('Maji: uniti 12 × Ksh 150.00 (1,234 → 1,246)');
    expect(translateLedgerText(sw, 'Water: 1 unit × Ksh 150.00 (0 → 1)')).toBe('Maji: uniti 1 × Ksh 150.00 (0 → 1)');
    expect(translateLedgerText(sw, 'M-Pesa QK12ABC345')).toBe('M-Pesa QK12ABC345');
    expect(translateLedgerText(sw, 'Cash at the office')).toBe('Cash at the office');
    expect(translateLedgerText(sw, 'Paid for a month')).toBe('Paid for a month');
    expect(translateAppliedTo(sw, 'Rent for May 2027 5,000.00; Water for May 2027 1,800.00')).toBe(
      'Kodi ya Mei 2027 5,000.00; Maji, Mei 2027 1,800.00',
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

describe('sentences the server writes with values', () => {
  const sw = translatorFor('sw');
  const en = translatorFor('en');
  // Every function in the domain's message tables, called as the server calls it.
  const written: [string, string][] = [
    [HIRING_MESSAGES.notAvailable('wanjiku'), 'messages.hiring.notAvailable'],
    [RENT_REVIEW_MESSAGES.scheduled('Ksh 27,500.00', 'March 2027'), 'messages.rentReviews.scheduled'],
    [RENT_REVIEW_MESSAGES.updated('Ksh 27,500.00', 'March 2027'), 'messages.rentReviews.updated'],
    [SETTLEMENT_MESSAGES.applied('Ksh 5,000.00'), 'messages.settlement.applied'],
    [SETTLEMENT_MESSAGES.refunded('Ksh 5,000.00'), 'messages.settlement.refunded'],
    [SETTLEMENT_MESSAGES.creditRefunded('Ksh 5,000.00'), 'messages.settlement.creditRefunded'],
    [REMINDER_MESSAGES.queued(1), 'messages.reminders.queued'],
    [REMINDER_MESSAGES.queued(12), 'messages.reminders.queued'],
    [CHARGE_MESSAGES.penaltiesDone(1, 'Ksh 500.00'), 'messages.charges.penaltiesDone'],
    [CHARGE_MESSAGES.penaltiesDone(1200, 'Ksh 600,000.00'), 'messages.charges.penaltiesDone'],
    [WATER_MESSAGES.belowPrevious('A4', 1234), 'messages.water.belowPrevious'],
    [WATER_MESSAGES.startRequired('A4'), 'messages.water.startRequired'],
    [WATER_MESSAGES.firstReading('A4'), 'messages.water.firstReading'],
    [WATER_MESSAGES.startAboveReading('A4'), 'messages.water.startAboveReading'],
    [WATER_MESSAGES.confirmHigh('A4', 3100, 950), 'messages.water.confirmHigh'],
    [WATER_MESSAGES.saved(1), 'messages.water.saved'],
    [WATER_MESSAGES.saved(3), 'messages.water.saved'],
    [WATER_MESSAGES.confirmed(1, 'Ksh 1,800.00'), 'messages.water.confirmed'],
    [WATER_MESSAGES.confirmed(3, 'Ksh 5,400.00'), 'messages.water.confirmed'],
    [WATER_MESSAGES.csvUnknownHouse(7, 'B12'), 'messages.water.csvUnknownHouse'],
    [WATER_MESSAGES.csvBadReading(7), 'messages.water.csvBadReading'],
    [MONEY_OUT_MESSAGES.overBalance(500000, 120000, 'Achieng Otieno'), 'messages.moneyOut.overBalance'],
    [MONEY_OUT_MESSAGES.expenseOverBalance(500000, 120000, 'Achieng Otieno'), 'messages.moneyOut.expenseOverBalance'],
    [MONEY_OUT_MESSAGES.nothingOwed(412500, 'Achieng Otieno'), 'messages.moneyOut.nothingOwed'],
    [INVOICE_MESSAGES.done(1, 'January 2027', 'Ksh 15,000.00'), 'admin.invoicing.done'],
    [INVOICE_MESSAGES.done(3, 'January 2027 and February 2027', 'Ksh 90,000.00'), 'admin.invoicing.done'],
    [INVOICE_MESSAGES.due(2, 'February 2027', 'Ksh 30,000.00'), 'admin.invoicing.due'],
    [INVOICE_MESSAGES.nothingDue('May 2027'), 'admin.invoicing.nothingDue'],
    [INVOICE_MESSAGES.chargedByBookings('May 2027'), 'admin.invoicing.chargedByBookings'],
    [INVOICE_MESSAGES.invoiced('May 2027'), 'admin.invoicing.invoiced'],
    [tooManyAttemptsMessage(30), 'common.tooManySeconds'],
    [tooManyAttemptsMessage(60), 'common.tooManyMinutes'],
    [tooManyAttemptsMessage(600), 'common.tooManyMinutes'],
    [englishMessage('messages.ownerStatement.sent', { email: 'achieng@example.com' }), 'messages.ownerStatement.sent'],
    [englishMessage('messages.rentalTax.paid', { amount: 'Ksh 1,250.00' }), 'messages.rentalTax.paid'],
    [CLOSED_MONTH_MESSAGES.closed('2026-03'), 'messages.closedMonths.closed'],
    [CLOSED_MONTH_MESSAGES.amendmentPaid(2, '2026-03', 'Ksh 1,125.00'), 'messages.closedMonths.amendmentPaid'],
    [CLOSED_MONTH_MESSAGES.overpaid('Ksh 75.08'), 'messages.closedMonths.overpaid'],
  ];

  it('are found by their template, and the template writes back the same English', () => {
    for (const [english, key] of written) {
      const found = findMessage(english);
      expect(found?.key, english).toBe(key);
      expect(en(found!.key, found!.values), english).toBe(english);
    }
  });

  it('are written in Kiswahili with the same values, months named in Kiswahili', () => {
    for (const [english] of written) {
      const kiswahili = translateMessage(sw, english);
      expect(kiswahili, english).not.toBe(english);
      expect(englishLeft([kiswahili]), english).toEqual([]);
      for (const value of Object.values(findMessage(english)!.values ?? {}))
        if (typeof value === 'string' && !/\d{4}$/.test(value)) expect(kiswahili, english).toContain(value);
    }
    expect(translateMessage(sw, WATER_MESSAGES.confirmed(3, 'Ksh 5,400.00'))).toBe('Maji yametozwa kwa wapangaji 3: Ksh 5,400.00');
    expect(translateMessage(sw, CHARGE_MESSAGES.penaltiesDone(1200, 'Ksh 600,000.00'))).toBe(
      'Faini zimetozwa kwa wapangaji 1200: Ksh 600,000.00',
    );
    expect(translateMessage(sw, INVOICE_MESSAGES.done(3, 'January 2027 and February 2027', 'Ksh 90,000.00'))).toBe(
      'Wapangaji 3 wametozwa kwa Januari 2027 na Februari 2027: Ksh 90,000.00',
    );
    expect(translateMessage(sw, RENT_REVIEW_MESSAGES.scheduled('Ksh 27,500.00', 'March 2027'))).toBe(
      'Mapitio ya kodi yamehifadhiwa: Ksh 27,500.00 kuanzia Machi 2027',
    );
    expect(translateMessage(sw, tooManyAttemptsMessage(600))).toBe(sw('common.tooManyMinutes', { count: 10 }));
  });

  it('translate an answer of several sentences sentence by sentence', () => {
    expect(translateMessage(sw, 'Tenancy terminated. Deposit applied to arrears: Ksh 5,000.00. Deposit refunded: Ksh 15,000.00')).toBe(
      'Upangaji umesitishwa. Amana imetumika kulipa malimbikizo: Ksh 5,000.00. Amana imerejeshwa: Ksh 15,000.00',
    );
    expect(translateMessage(sw, 'Tenancy terminated. Call Achieng')).toBe('Tenancy terminated. Call Achieng');
  });

  it('leave a text that only looks like one alone', () => {
    expect(findMessage('Water charged to many tenancies: Ksh 1.00')).toBeUndefined();
    expect(translateMessage(sw, 'Nyumba ya Bi. Achieng')).toBe('Nyumba ya Bi. Achieng');
  });
});

describe("every text in the domain's message tables", () => {
  const tables = Object.entries(domain).filter(([name, value]) => name.endsWith('_MESSAGES') && value && typeof value === 'object');

  it('is in the catalogue, so a Kiswahili reader gets it in Kiswahili', () => {
    expect(tables.length).toBeGreaterThan(20);
    const missing = tables.flatMap(([name, table]) =>
      Object.entries(table as Record<string, unknown>)
        .filter(([, text]) => typeof text === 'string' && !findMessage(text))
        .map(([key, text]) => `${name}.${key}: ${String(text)}`),
    );
    expect(missing).toEqual([]);
  });
});
