import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { MUTANTS, TEST } from './mutants-list.mjs';

/**
 * `npm run test:mutants` plants each known bug by replacing a piece of text.
 * When that text is renamed away the mutant plants nothing and the script
 * stops (issue 33): this fails first, in the ordinary `npm test`, naming the
 * mutant and the file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the mutants of npm run test:mutants', () => {
  it('have distinct names, each its own test file that exists, and the test named in it', () => {
    const names = MUTANTS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mutant of MUTANTS) {
      expect(mutant.test, `${mutant.name}: its test file`).toBeTruthy();
      expect(existsSync(path.join(root, mutant.test)), `${mutant.name}: ${mutant.test}`).toBe(true);
      // A renamed test would leave `-t` matching nothing: the run would pass and the mutant look missed.
      if (mutant.testName) expect(readFileSync(path.join(root, mutant.test), 'utf8'), `${mutant.name}: "${mutant.testName}"`).toContain(mutant.testName);
    }
    expect(existsSync(path.join(root, TEST))).toBe(true);
  });

  for (const mutant of MUTANTS) {
    it(`find their text exactly once: ${mutant.name}`, () => {
      const edits = mutant.edits ?? [{ file: mutant.file, from: mutant.from, to: mutant.to }];
      expect(edits.length).toBeGreaterThan(0);
      for (const edit of edits) {
        expect(edit.from, `${mutant.name}: an edit needs text to replace`).toBeTruthy();
        expect(edit.to, `${mutant.name}: an edit must change the text`).not.toBe(edit.from);
        const text = readFileSync(path.join(root, edit.file), 'utf8');
        const count = text.split(edit.from).length - 1;
        expect(count, `${mutant.name}: "${edit.from}" in ${edit.file}`).toBe(1);
      }
    });
  }
});
