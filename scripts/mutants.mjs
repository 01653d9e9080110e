// Keeps the ledger's property test able to fail: applies each known bug in
// turn, runs the test (apps/server/src/modules/ledger/ledger-model.test.ts)
// and expects it to fail. The source is restored after each, even when the run
// fails or is interrupted. Exits non-zero unless every mutant is caught.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ledger = 'apps/server/src/modules/ledger';
const TEST = `${ledger}/ledger-model.test.ts`;

const MUTANTS = [
  {
    name: 'fresh idempotency keys (a retried receipt posts again)',
    file: 'apps/server/src/modules/money/service.ts',
    from: 'const key = input.idempotencyKey;',
    to: 'const key = `${input.idempotencyKey}-${Math.random()}`;',
  },
  {
    name: 'the monthly run charges double rent',
    file: `${ledger}/monthly-run.ts`,
    from: 'SELECT t.tenancy_id, t.rent_cents AS amount, m::date AS month',
    to: 'SELECT t.tenancy_id, t.rent_cents * 2 AS amount, m::date AS month',
  },
  {
    name: 'the monthly run charges ended tenancies',
    file: `${ledger}/monthly-run.ts`,
    from: 'WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL AND',
    to: 'WHERE t.agent_id = ${agentId} AND',
  },
];

let restore = null;
const onSignal = (signal) => {
  if (restore) restore();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

let caught = 0;
for (const mutant of MUTANTS) {
  const file = path.join(root, mutant.file);
  const original = readFileSync(file, 'utf8');
  const count = original.split(mutant.from).length - 1;
  if (count !== 1) {
    console.error(`mutant "${mutant.name}": expected the text once in ${mutant.file}, found it ${count} times; the script needs updating`);
    process.exit(2);
  }
  restore = () => writeFileSync(file, original);
  try {
    writeFileSync(file, original.replace(mutant.from, mutant.to));
    console.log(`\n— mutant: ${mutant.name}`);
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', TEST], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LEDGER_MODEL_RUNS: process.env.LEDGER_MODEL_RUNS ?? '20' },
    });
    const failed = run.status !== 0 && /\bfailed\b/.test(`${run.stdout}${run.stderr}`);
    if (failed) caught += 1;
    const hint = `${run.stdout}`.split('\n').find((l) => /Counterexample|AssertionError|expected/.test(l)) ?? '';
    console.log(failed ? `  caught ${hint.trim().slice(0, 200)}` : '  NOT caught: the property test passed with this bug in place');
  } finally {
    restore();
    restore = null;
  }
}

console.log(`\n${caught} of ${MUTANTS.length} caught`);
process.exit(caught === MUTANTS.length ? 0 : 1);
