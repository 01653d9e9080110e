// Lints the API's OpenAPI document with Redocly's recommended rules, and
// generates TypeScript types from it with openapi-typescript, as another
// tool would. Fails on any lint error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'makazi-openapi-'));
const doc = path.join(dir, 'openapi.json');
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['tsx', 'apps/server/src/cli/openapi.ts', doc]);
run('npx', ['redocly', 'lint', doc, '--config', 'redocly.yaml']);
run('npx', ['openapi-typescript', doc, '--output', path.join(dir, 'api.d.ts')]);
console.log('OpenAPI document lints clean and generates a typed client.');
