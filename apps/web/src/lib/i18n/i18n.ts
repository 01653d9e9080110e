import {
  amountToCents,
  formatBalance,
  en,
  formatRunningBalance,
  I18N_SETTINGS,
  isLanguage,
  LANGUAGE_TAGS,
  translateMessage as translateIn,
  translateAccount,
  translateAppliedTo,
  translateLedgerText,
  pickLanguage,
  type Language,
} from '@makazi/domain';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

const STORAGE_KEY = 'makazi.language';

function storedLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The last language chosen on this browser, else the browser's own, else English. */
export function initialLanguage(): Language {
  const nav = globalThis.navigator;
  return (
    storedLanguage() ?? pickLanguage(nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [])
  );
}

/**
 * English ships with the app; another language's catalogue is fetched the
 * first time it is needed (at start for a reader who chose it, or on a
 * switch). i18next changes language only once the catalogue is in, so a
 * screen never shows keys while it loads.
 */
const catalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const load = language === 'sw' ? import('./kiswahili').then((m) => m.sw) : Promise.resolve(en);
    load.then(
      (catalogue) => done(null, catalogue),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
/** Settles once the reader's language is ready to show: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogues)
  .use(initReactI18next)
  .init({
    ...I18N_SETTINGS,
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
  });

function announce(language: string) {
  // Screen readers pick their voice from <html lang>; axe checks it is there and valid.
  if (isLanguage(language) && typeof document !== 'undefined')
    document.documentElement.lang = LANGUAGE_TAGS[language];
}
announce(i18n.language);
i18n.on('languageChanged', announce);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Shows the screens in `language` and remembers it on this browser for the next visit. */
export function changeLanguage(language: Language): Promise<unknown> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Private windows may refuse storage; the choice then lasts until the page closes.
  }
  return i18n.changeLanguage(language);
}

/**
 * A domain message (a schema's validation text, a server refusal) in the
 * reader's language. Those arrive as their English text, sentences with values
 * included ('Water charged to 3 tenancies: …'); texts the catalogue does not
 * hold (names, amounts) pass through unchanged.
 */
export function translateMessage(text: string): string;
export function translateMessage(text: string | undefined): string | undefined;
export function translateMessage(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // The key comes from the English catalogue itself, so it exists in every language.
  return translateIn(i18n.t as never, text);
}

/** '2026-11-01' → 'November 2026' (Novemba 2026 in Kiswahili): a month named in the reader's language. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = i18n.t(`common.months.m${m}` as 'common.months.m1');
  return i18n.t('common.monthYear', { month: name, year });
}

/** Several months in words ('January and February 2027' reads 'January 2027 and February 2027'), named in the reader's language. */
export function monthsLabel(months: readonly string[]): string {
  const labels = months.map(monthLabel);
  if (labels.length <= 1) return labels[0] ?? '';
  return i18n.t('admin.invoicing.monthsAnd', { list: labels.slice(0, -1).join(', '), last: labels.at(-1) });
}

/**
 * The translation hook every screen uses: `t` for catalogue keys, `tm` for
 * domain messages, `month` for a month's name, `account`, `ledgerText` and
 * `appliedTo` for what the ledger wrote, `balance` and `runningBalance` for money owed or in credit.
 */
export function useT() {
  const { t, i18n: instance } = useTranslation(undefined, { i18n });
  return {
    t,
    tm: translateMessage,
    month: monthLabel,
    months: monthsLabel,
    account: (name: string) => translateAccount(i18n.t as never, name),
    ledgerText: (details: string) => translateLedgerText(i18n.t as never, details),
    appliedTo: (applied: string) => translateAppliedTo(i18n.t as never, applied),
    /** A balance (Ksh, as the API answers it) as every screen writes it: 'Ksh 3,000.00 in credit', never a minus sign. */
    balance: (amount: number) =>
      formatBalance(amountToCents(amount), (a) => i18n.t('figures.inCreditAmount', { amount: a })),
    /** A statement's running balance: the same words without the currency. */
    runningBalance: (amount: number) =>
      formatRunningBalance(amountToCents(amount), (a) => i18n.t('figures.inCreditAmount', { amount: a })),
    language: isLanguage(instance.language) ? instance.language : 'en',
  };
}
