import { flattenCatalogue } from './catalogue';
import { en } from './en';
import { sw } from './sw';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let patterns: { key: string; english: string; pattern: RegExp }[] | undefined;

/**
 * The English catalogue's texts that Kiswahili says differently, each as a
 * pattern over a whole rendered text: placeholders stand for any value, markup
 * tags are dropped. Texts with no word of three letters or more are left out
 * (a lone "Id" or "—" proves nothing), and texts with placeholders need a word of four.
 */
function englishPatterns() {
  if (!patterns) {
    const kiswahili = flattenCatalogue(sw);
    patterns = [];
    for (const [key, english] of flattenCatalogue(en)) {
      if (kiswahili.get(key) === english) continue;
      const text = english.replace(/<\/?\w+>/g, '');
      const words = text.replace(/\{\{\w+\}\}/g, ' ');
      // Around placeholders a short word ('{{name}} for {{month}}') would match any text holding it.
      if (!(words === text ? /\p{L}{3,}/u : /\p{L}{4,}/u).test(words)) continue;
      const body = text
        .split(/\{\{\w+\}\}/)
        .map((piece) => escape(piece.replace(/\s+/g, ' ')))
        .join('.+?');
      patterns.push({ key, english, pattern: new RegExp(`^\\s*${body}\\s*$`, 'u') });
    }
  }
  return patterns;
}

/**
 * Which of `texts` (the whole texts of a screen's elements and the labels it
 * reads out) are English catalogue texts: a Kiswahili screen should have none.
 */
export function englishLeft(texts: Iterable<string>): { text: string; key: string }[] {
  const found: { text: string; key: string }[] = [];
  const seen = new Set<string>();
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    const hit = englishPatterns().find((p) => p.pattern.test(text));
    if (hit) found.push({ text, key: hit.key });
  }
  return found;
}
