// Mutation testing of the server's money modules (issue 19):
// `npm run test:mutation:server` from the repository root. Not part of CI: a
// full run takes hours on two shared cores. bench/mutation.md keeps the last
// score, which files were measured, and the survivors judged harmless.
// STRYKER_MUTATE (comma-separated) narrows a run to some of the files below,
// STRYKER_TESTS to some test files, STRYKER_REPORT names the run's JSON report.
const MONEY_FILES = [
  'src/modules/ledger/posting.ts',
  'src/modules/ledger/receipt-writer.ts',
  'src/modules/ledger/settlement-posting.ts',
  'src/modules/ledger/monthly-run.ts',
  'src/modules/ledger/corrections.ts',
  'src/modules/money/service.ts',
  'src/modules/tenancies/settlement.ts',
  'src/modules/invoicing/service.ts',
  'src/modules/mpesa/recording.ts',
  'src/modules/mpesa/queue-service.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: process.env.STRYKER_MUTATE ? process.env.STRYKER_MUTATE.split(',') : MONEY_FILES,
  ...(process.env.STRYKER_TESTS ? { testFiles: process.env.STRYKER_TESTS.split(',') } : {}),
  coverageAnalysis: 'perTest',
  // A mutant in code run at import (a prefix constant) would need every test run again for it.
  ignoreStatic: true,
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 120_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${process.env.STRYKER_REPORT ?? 'mutation'}.json` },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
};
