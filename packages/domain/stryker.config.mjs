// Mutation testing of the money rules (issue 19): `npm run test:mutation` from
// the repository root. Not part of CI: a run takes minutes on two cores.
// bench/RESULTS.md keeps the last score and the survivors judged harmless.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: false },
  mutate: [
    'src/money/money.ts',
    'src/money/figures.ts',
    'src/tenancies/balance.ts',
    // The rules only: the file's zod schemas below line 51 describe the API's answer.
    'src/dashboard/money-figures.ts:1-51',
    'src/time/accounting-month.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
};
