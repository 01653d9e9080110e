import { en } from './en';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English details text as a pattern whose placeholders capture what the ledger wrote there; in catalogue order, the general last. */
const DETAILS = Object.entries(en.ledger.details).map(([key, english]) => {
  const names = [...english.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const body = english
    .split(/\{\{\w+\}\}/)
    .map(escape)
    .join('(.+?)');
  return { key, names, pattern: new RegExp(`^${body}$`, 's') };
});

const MONTH = /^(January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})$/;
const MONTHS = Object.values(en.common.months);

/** An account or ledger name in the reader's language; a name the office chose (a charge's) stays as it is. */
export function translateAccount(t: Translate, name: string): string {
  return name in en.ledger.accounts ? t(`ledger.accounts.${name}`) : name;
}

function translateMonth(t: Translate, text: string): string {
  const m = MONTH.exec(text);
  if (!m) return text;
  return t('common.monthYear', { month: t(`common.months.m${MONTHS.indexOf(m[1]!) + 1}`), year: m[2] });
}

/**
 * A ledger line's details ('Rent for November 2026', 'Reversal of RCT-000004:
 * typo') in the reader's language. What the office typed (payment details, a
 * reason) stays as typed; texts the ledger does not write pass through.
 */
export function translateLedgerText(t: Translate, english: string): string {
  for (const { key, names, pattern } of DETAILS) {
    const m = pattern.exec(english);
    if (!m) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = m[i + 1]!;
      values[name] = name === 'month' ? translateMonth(t, value) : name === 'name' ? translateAccount(t, value) : value;
    });
    if (key === 'chargeFor' && !MONTH.test(m[2] ?? '')) continue;
    return t(`ledger.details.${key}`, values);
  }
  return english;
}

/** What a receipt paid ('Rent for May 2027 5,000.00; Water for May 2027 1,800.00'), each charge translated, amounts kept. */
export function translateAppliedTo(t: Translate, english: string): string {
  return english
    .split('; ')
    .map((part) => {
      const at = part.lastIndexOf(' ');
      return at < 0 ? part : `${translateLedgerText(t, part.slice(0, at))}${part.slice(at)}`;
    })
    .join('; ');
}
