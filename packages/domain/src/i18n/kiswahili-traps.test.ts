import { describe, expect, it } from 'vitest';
import glossaryText from '../../../../docs/glossary.md?raw';
import { formatBalance } from '../money/figures';
import { flattenCatalogue } from './catalogue';
import { CATALOGUES, translatorFor } from './translator';

/*
 * The ways a careful Kenyan reader found the Kiswahili misleading about money
 * (issue 41). Each rule lists the keys that break it, so a failure names them.
 */
const english = flattenCatalogue(CATALOGUES.en);
const kiswahili = flattenCatalogue(CATALOGUES.sw);
const pairs = [...kiswahili].map(([key, sw]) => ({ key, sw, en: english.get(key) ?? '' }));
const offending = (test: (p: (typeof pairs)[number]) => boolean) => pairs.filter(test).map((p) => p.key);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasWord = (text: string, word: string) => new RegExp(`(^|[^\\p{L}])${escape(word)}($|[^\\p{L}])`, 'iu').test(text);
const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

/** Words that say which way money goes: owed, credit, paid, refunded. */
const DIRECTION = '(ziada|kwako|deni|bado|\\p{L}*daiwa|\\p{L}*lipwa|\\p{L}*rejeshwa)';

describe('the Kiswahili catalogue states which way money goes before the figure', () => {
  it('never puts the word for owed, credit, paid or refunded after a figure', () => {
    const after = new RegExp(`\\{\\{[^}]+\\}\\}\\s+${DIRECTION}\\b`, 'iu');
    expect(offending((p) => after.test(p.sw))).toEqual([]);
  });

  it('never labels as owed a balance that may be a credit', () => {
    // {{balance}} and an invoice's {{total}} are written by formatBalance: a debt or a credit.
    const owedLabel = /(linalodaiwa|inayodaiwa|unachodaiwa|deni)\s*:?\s*\{\{\s*(balance|total)\s*\}\}/iu;
    expect(offending((p) => owedLabel.test(p.sw))).toEqual([]);
  });

  it('writes a credit with the credit first and says nothing is owed', () => {
    const credit = formatBalance(-300_000, (amount) => translatorFor('sw')('figures.inCreditAmount', { amount }));
    expect(credit).toMatch(/^Ziada ya Ksh 3,000\.00\b/);
    expect(credit).toContain('hakuna deni');
    expect(translatorFor('sw')('tenantPage.inCredit', { amount: 'Ksh 3,000.00' })).toMatch(/^Ziada ya Ksh 3,000\.00\b/);
  });
});

describe('the Kiswahili catalogue never writes tax with rent’s word', () => {
  const taxTexts = pairs.filter((p) => /\btax|withh/i.test(p.en));

  it('names the tax as kodi ya mapato or makato wherever the English names it', () => {
    expect(taxTexts.length).toBeGreaterThan(10);
    expect(taxTexts.filter((p) => !/kodi ya mapato|makato|iliyokatwa/iu.test(p.sw)).map((p) => p.key)).toEqual([]);
  });

  it('uses kodi alone no more often than the English says rent', () => {
    const bareKodi = /\bkodi\b(?! ya mapato)/giu;
    expect(
      taxTexts.filter((p) => count(p.sw, bareKodi) > count(p.en, /\brent/gi)).map((p) => p.key),
    ).toEqual([]);
  });
});

describe('the Kiswahili catalogue says dates and limits as the English does', () => {
  it('writes "by" a date as kufikia, never kabla ya (which is a day earlier)', () => {
    expect(offending((p) => /kabla ya tarehe/iu.test(p.sw) && /\bby\b/i.test(p.en))).toEqual([]);
  });

  it('writes "at most" as a ceiling, never as "more"', () => {
    expect(offending((p) => /\bat most\b/i.test(p.en) && /\d+ zaidi\b/iu.test(p.sw))).toEqual([]);
  });
});

describe('names put inside a sentence cannot break noun-class concord', () => {
  it('puts no concord-bearing "of" right after a charge or a category name', () => {
    // "Taka ya Novemba", "Ulinzi ya Novemba": each name wants its own class; "{{name}}, {{month}}" needs none.
    const concord = /\{\{\s*(name|category|charge|chargeName)\s*\}\}\s+(ya|wa|za|la|cha|vya|pa|mwa)\b/iu;
    const chargeTexts = pairs.filter((p) => !/^(nav|signIn|signUp|userEmails|hiring|agencyUsers)\b/.test(p.key));
    expect(chargeTexts.filter((p) => concord.test(p.sw)).map((p) => p.key)).toEqual([]);
  });
});

describe('counts read as a Kenyan office counts', () => {
  it('counts tenancies by their tenants (mpangaji 1, wapangaji 3), never as "upangaji 3"', () => {
    expect(offending((p) => /upangaji \{\{\s*count/iu.test(p.sw))).toEqual([]);
  });
});

/**
 * docs/glossary.md's rows: English terms (split on " / ", parentheses dropped),
 * the Kiswahili, and the variants its note rules out as `not: "…", "…"`.
 */
function glossary() {
  return glossaryText
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('|---'))
    .map((line) => {
      const [englishCell = '', kiswahiliCell = '', note = ''] = line.split('|').slice(1).map((c) => c.trim());
      const terms = englishCell
        .replace(/\([^)]*\)/g, '')
        .split('/')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean);
      const notPart = /not: (.*)$/.exec(note)?.[1] ?? '';
      const variants = [...notPart.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      return { terms, kiswahili: kiswahiliCell.toLowerCase(), variants };
    });
}

describe('the glossary: one word for each idea', () => {
  const rows = glossary();

  it('rules out the variants the catalogue used to mix in', () => {
    const ruled = rows.flatMap((r) => r.variants);
    for (const variant of ['ziada kwako', 'salio la ziada', 'malipo ya ziada', 'zilizolipwa mapema', 'zuiliwa', 'ofa', 'kujiajiri', 'wazi', 'marekebisho', 'futa', 'masomo', 'nambari ya M-Pesa', 'haijafunguliwa', 'hupiga simu kurudi'])
      expect(ruled, variant).toContain(variant);
  });

  it('never gives the tax rent’s word', () => {
    const tax = rows.filter((r) => r.terms.some((t) => /\btax\b/.test(t)));
    expect(tax.length).toBeGreaterThan(0);
    for (const row of tax) expect(row.kiswahili.replace(/kodi ya mapato/g, ''), row.terms.join(' / ')).not.toMatch(/\bkodi\b/);
  });

  it('is followed by the catalogue: no key uses a variant beside the term it replaces', () => {
    const found: string[] = [];
    for (const row of rows)
      for (const variant of row.variants)
        for (const p of pairs) {
          if (!row.terms.some((term) => hasWord(p.en, term)) || !hasWord(p.sw, variant)) continue;
          // A variant that is another glossary idea's own word is right when the English names that idea too.
          const otherIdea = rows.some(
            (other) => other !== row && hasWord(other.kiswahili, variant) && other.terms.some((term) => hasWord(p.en, term)),
          );
          if (!otherIdea) found.push(`${p.key}: "${variant}" for ${row.terms[0]}`);
        }
    expect(found).toEqual([]);
  });
});
