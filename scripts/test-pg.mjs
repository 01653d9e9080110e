// Runs the server's API suite on PostgreSQL. Each test file creates (and drops)
// a database of its own on the server TEST_DATABASE_URL points at.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.log(`API tests on PostgreSQL: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
