// Keeps known bugs caught: applies each (scripts/mutants-list.mjs) in turn,
// runs the mutant's own test file (or the tests of it named by `testName`) and
// expects it to fail. .ci/run calls it; each run stops at the file's first
// failure, so the whole takes minutes. MUTANTS_MODEL=1 runs the mutants marked
// `model` against the ledger's property test instead
// (apps/server/src/modules/ledger/ledger-model.test.ts, LEDGER_MODEL_RUNS
// random walks, 20 unless set): the property test must stay able to fail, but
// it takes minutes per mutant, too long for CI. The source is restored after
// each, even when the run fails or is interrupted. Exits non-zero unless every
// mutant is caught.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTANTS, TEST } from './mutants-list.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let restore = null;
let child = null;
const onSignal = (signal) => {
  // npx starts vitest under a shell: the whole group is stopped, not npx alone.
  if (child) process.kill(-child.pid, 'SIGTERM');
  if (restore) restore();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

// MUTANTS_ONLY=landlord runs the mutants whose name holds that text (while working on one area).
const model = process.env.MUTANTS_MODEL === '1';
const only = process.env.MUTANTS_ONLY;
const chosen = only ? MUTANTS.filter((m) => m.name.includes(only)) : MUTANTS;

const editsOf = (mutant) => mutant.edits ?? [{ file: mutant.file, from: mutant.from, to: mutant.to }];
const countIn = (file, text) => readFileSync(path.join(root, file), 'utf8').split(text).length - 1;

// Every mutant's text is checked before any runs, and all that are missing are named at once.
const stale = chosen.flatMap((mutant) =>
  editsOf(mutant)
    .map((edit) => ({ edit, count: countIn(edit.file, edit.from) }))
    .filter(({ count }) => count !== 1)
    .map(({ edit, count }) => `mutant "${mutant.name}": expected its text once in ${edit.file}, found it ${count} times`),
);
if (stale.length > 0) {
  for (const line of stale) console.error(line);
  console.error('scripts/mutants-list.mjs needs updating: a mutant whose text is gone tests nothing.');
  process.exit(2);
}

const began = Date.now();
let caught = 0;
for (const mutant of chosen) {
  const edits = editsOf(mutant);
  const originals = new Map();
  for (const edit of edits) {
    const file = path.join(root, edit.file);
    if (!originals.has(file)) originals.set(file, readFileSync(file, 'utf8'));
  }
  restore = () => {
    for (const [file, text] of originals) writeFileSync(file, text);
  };
  try {
    for (const edit of edits) {
      const file = path.join(root, edit.file);
      writeFileSync(file, readFileSync(file, 'utf8').replace(edit.from, edit.to));
    }
    console.log(`\n— mutant: ${mutant.name}`);
    const started = Date.now();
    // --bail=1: a mutant is caught at its first failing test; the rest of the file would only cost time.
    const [test, project, names] = model && mutant.model ? [TEST, 'server', []] : [mutant.test, mutant.project ?? 'server', mutant.testName ? ['-t', mutant.testName] : []];
    // Spawned, not spawnSync: a signal must reach the handler above while the tests run, to put the source back.
    const run = await new Promise((resolve) => {
      let output = '';
      child = spawn('npx', ['vitest', 'run', '--bail=1', '--project', project, test, ...names], {
        cwd: root,
        detached: true,
        env: { ...process.env, LEDGER_MODEL_RUNS: process.env.LEDGER_MODEL_RUNS ?? '20' },
      });
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (status) => resolve({ status, output }));
    });
    child = null;
    const failed = run.status !== 0 && /\bfailed\b/.test(run.output);
    if (failed) caught += 1;
    const hint = run.output.split('\n').find((l) => /Counterexample|AssertionError|expected/.test(l)) ?? '';
    const took = `${Math.round((Date.now() - started) / 1000)} s`;
    console.log(failed ? `  caught in ${took} ${hint.trim().slice(0, 200)}` : `  NOT caught (${took}): its test passed with this bug in place`);
  } finally {
    restore();
    restore = null;
  }
}

console.log(`\n${caught} of ${chosen.length} caught in ${Math.round((Date.now() - began) / 1000)} s`);
process.exit(caught === chosen.length ? 0 : 1);
