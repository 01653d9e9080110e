import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '..');
const stylesDir = path.resolve(src, '../../../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Mantine stylesheets', () => {
  // The app imports only the stylesheets of the components it uses; one left
  // out renders unstyled (a switch or a progress bar with no size at all).
  it('are imported for every Mantine component the app uses', () => {
    const imported = readFileSync(path.join(src, 'app/mantine-styles.ts'), 'utf8');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)) {
        for (const name of match[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim()).filter(Boolean)) used.add(name);
      }
    }
    const missing = [...used].filter((name) => existsSync(path.join(stylesDir, `${name}.css`)) && !imported.includes(`styles/${name}.css`));
    expect(missing).toEqual([]);
  });
});
