import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * Keeps docs/ and the README honest: every relative link (pictures included)
 * must name a file inside the repository, and every #anchor a heading of that
 * file, as GitHub spells heading anchors.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** Lines outside fenced code blocks: a `#` there is a shell comment, not a heading. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function linksOf(file) {
  const links = [];
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    // Inline code is not a link.
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push(match[1]);
  }
  return links;
}

/** What is wrong with one link of `file`, or null. */
function problemOf(file, link) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return null; // https:, mailto:
  const [target, anchor] = link.split('#');
  const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
  if (path.relative(root, resolved).startsWith('..')) return 'points outside the repository';
  if (!existsSync(resolved)) return 'names a file that does not exist';
  if (anchor !== undefined) {
    if (!resolved.endsWith('.md')) return 'has an anchor on a file that is not markdown';
    if (!anchorsOf(resolved).has(anchor)) return `names #${anchor}, which is no heading there`;
  }
  return null;
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (['node_modules', 'dist', 'test-results', 'playwright-report'].includes(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js|sql)$/.test(name) ? [full] : [];
  });
}

/** `docs/money.md#monthlapse` and the like, as code comments point into docs/. */
function docsReferencesOf(file) {
  return [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g)].map((m) => m[0]);
}

describe('links in docs/ and the README', () => {
  it('finds the pages and their links', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(linksOf).length).toBeGreaterThan(50);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('%s: every relative link resolves', (_name, file) => {
    const broken = linksOf(file)
      .map((link) => [link, problemOf(file, link)])
      .filter(([, problem]) => problem)
      .map(([link, problem]) => `${link} ${problem}`);
    expect(broken).toEqual([]);
  });

  it('every docs/ page and heading a code comment names exists', () => {
    const self = fileURLToPath(import.meta.url); // its broken examples are on purpose
    const sources = ['apps', 'packages', 'e2e', 'scripts'].flatMap((dir) => sourceFiles(path.join(root, dir))).filter((f) => f !== self);
    const references = sources.flatMap((file) => docsReferencesOf(file).map((ref) => [path.relative(root, file), ref]));
    expect(references.length).toBeGreaterThan(50);
    const broken = references
      .map(([file, ref]) => [file, ref, problemOf(path.join(root, 'README.md'), ref)])
      .filter(([, , problem]) => problem)
      .map(([file, ref, problem]) => `${file}: ${ref} ${problem}`);
    expect(broken).toEqual([]);
  });

  it('spells anchors as GitHub does', () => {
    expect(slug('Ending a tenancy: settlement')).toBe('ending-a-tenancy-settlement');
    expect(slug('Scale-out: many app processes, one PostgreSQL')).toBe('scale-out-many-app-processes-one-postgresql');
    expect(slug('001 — The server')).toBe('001--the-server');
  });

  it('catches a broken link', () => {
    const readme = path.join(root, 'README.md');
    expect(problemOf(readme, 'docs/no-such-page.md')).toMatch(/does not exist/);
    expect(problemOf(readme, 'docs/money.md#no-such-heading')).toMatch(/no heading/);
    expect(problemOf(readme, '../outside/notes.md')).toMatch(/outside the repository/);
  });
});
