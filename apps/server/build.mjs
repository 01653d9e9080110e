// Bundles the server into dist/server.js, then writes the migrated PGlite
// template a first start loads instead of running initdb (kept while the
// migrations are unchanged). Registry packages stay external
// (installed in node_modules); the workspace's TypeScript packages are inlined.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@makazi/'),
);

await build({
  entryPoints: { server: 'src/server.ts', 'pglite-template': 'src/cli/pglite-template.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

const template = spawnSync(process.execPath, ['dist/pglite-template.js'], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
