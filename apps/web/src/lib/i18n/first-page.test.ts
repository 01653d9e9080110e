import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The app ships the English catalogue with its first page; everything the
// catalogue imports comes along. zod and the schemas must not (decision 028).
const here = path.resolve(import.meta.dirname, '../../../../../packages/domain/src/i18n');

function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)';/gms)) {
    if (!spec!.startsWith('.')) {
      seen.add(spec!);
      continue;
    }
    const target = path.resolve(path.dirname(file), spec!);
    reach(existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts'), seen);
  }
  return seen;
}

it('the English catalogue and the message lookup reach neither zod nor another language', () => {
  const roots = [
    ...readdirSync(path.join(here, 'en')).map((f) => path.join(here, 'en', f)),
    path.join(here, 'message-key.ts'),
    path.join(here, 'language-codes.ts'),
    path.join(here, 'settings.ts'),
  ];
  const reached = new Set<string>();
  for (const root of roots) for (const file of reach(root)) reached.add(file);
  const names = [...reached].map((f) => (f.startsWith('/') ? path.relative(here, f) : f));
  expect(names.filter((n) => n === 'zod' || n.startsWith('zod/'))).toEqual([]);
  expect(names.filter((n) => n.startsWith('sw/'))).toEqual([]);
});
