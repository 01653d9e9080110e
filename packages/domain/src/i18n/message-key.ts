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

/** A domain message in the reader's language; texts outside the catalogue pass through unchanged. */
export function translateMessage(t: (key: string) => string, english: string): string {
  const key = messageKey(english);
  return key ? t(key) : english;
}
