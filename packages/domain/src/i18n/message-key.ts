import { flattenCatalogue } from './catalogue';
import { en } from './en';

// Apart from the translators: it needs only the English catalogue, so the web app
// can translate messages without taking every language onto its first page.
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

/**
 * Where the sentences the server writes with values live: the domain's
 * messages, the monthly run's answers (the screen builds the same sentences
 * from figures) and the wait after too many attempts. Screen templates are
 * left out: '{{name}} ({{userNo}})' would claim any text with brackets.
 */
const SENTENCE_SOURCES = ['messages.', 'admin.invoicing.', 'common.tooMany'];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Template = { key: string; names: string[]; pattern: RegExp; literal: number };
let templates: Template[] | undefined;

/** Each English sentence with placeholders as a pattern capturing its values; the longest wording first, so the most specific wins. */
function sentenceTemplates(): Template[] {
  if (!templates) {
    templates = [];
    for (const [key, english] of flattenCatalogue(en)) {
      if (!english.includes('{{') || !SENTENCE_SOURCES.some((source) => key.startsWith(source))) continue;
      const names = [...english.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
      const pieces = english.split(/\{\{\w+\}\}/);
      // Wording without a word of four letters ('{{a}}: {{b}}') would claim any text.
      if (!/\p{L}{4,}/u.test(pieces.join(' '))) continue;
      // A count is digits (1,000 as en-KE writes it); any other value is whatever stands between the words.
      const body = pieces
        .map((piece, i) => escapeRegExp(piece) + (i < names.length ? (names[i] === 'count' ? '(\\d[\\d,]*)' : '(.+?)') : ''))
        .join('');
      templates.push({ key: key.replace(PLURAL_SUFFIX, ''), names, pattern: new RegExp(`^${body}$`, 's'), literal: pieces.join('').length });
    }
    templates.sort((a, b) => b.literal - a.literal);
  }
  return templates;
}

/** A server sentence found in the catalogue: its key (a plural's base key) and the values it was written with. */
export type FoundMessage = { key: string; values?: Record<string, string | number> };

/**
 * The catalogue entry a domain message was written from, given its English
 * text: an exact text by its key, a sentence with values ('Water charged to
 * 3 tenancies: Ksh 4,500.00') by its template, with the values read back.
 */
export function findMessage(english: string): FoundMessage | undefined {
  const key = messageKey(english);
  if (key) return { key };
  for (const template of sentenceTemplates()) {
    const m = template.pattern.exec(english);
    if (!m) continue;
    const values: Record<string, string | number> = {};
    template.names.forEach((name, i) => {
      values[name] = name === 'count' ? Number(m[i + 1]!.replaceAll(',', '')) : m[i + 1]!;
    });
    return { key: template.key, values };
  }
  return undefined;
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

const MONTH_NAMES = Object.values(en.common.months);
const MONTH_YEAR = `\\b(${MONTH_NAMES.join('|')}) (\\d{4})\\b`;

/** 'January 2027' and 'January 2027 and February 2027' inside a value, in the reader's language; anything else is kept. */
function translateMonths(t: Translate, value: string): string {
  if (!new RegExp(MONTH_YEAR).test(value)) return value;
  const named = value.replace(new RegExp(MONTH_YEAR, 'g'), (_, month: string, year: string) =>
    t('common.monthYear', { month: t(`common.months.m${MONTH_NAMES.indexOf(month) + 1}`), year }),
  );
  const and = /^(.+) and (.+)$/.exec(named);
  return and ? t('admin.invoicing.monthsAnd', { list: and[1], last: and[2] }) : named;
}

/**
 * A domain message in the reader's language, values kept (months named in
 * it); an answer of several such sentences ('Tenancy terminated. Deposit
 * refunded: Ksh 15,000.00') sentence by sentence; texts outside the
 * catalogue pass through unchanged.
 */
export function translateMessage(t: Translate, english: string): string {
  const found = findMessage(english);
  if (!found) {
    const sentences = english.split('. ');
    if (sentences.length < 2 || !sentences.every((sentence) => findMessage(sentence))) return english;
    return sentences.map((sentence) => translateFound(t, findMessage(sentence)!)).join('. ');
  }
  return translateFound(t, found);
}

function translateFound(t: Translate, found: FoundMessage): string {
  if (!found.values) return t(found.key);
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, typeof value === 'string' ? translateMonths(t, value) : value]),
  );
  return t(found.key, values);
}
