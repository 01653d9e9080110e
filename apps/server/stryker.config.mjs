// Mutation testing of the server's money modules (issue 19):
// `npm run test:mutation:server` from the repository root. Not part of CI: a
// full run takes hours on two shared cores. bench/mutation.md keeps the last
// score, which files were measured, and the survivors judged harmless.
// STRYKER_MUTATE (comma-separated) narrows a run to some of the files below,
// STRYKER_TESTS to some test files, STRYKER_REPORT names the run's JSON report; STRYKER_INCREMENTAL=1 reuses
// the last run's results for mutants whose code and tests did not change.
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

// The landlord side (issue 32): what the agency owes each landlord, pays out,
// withholds as MRI, passes on, states and spends. Left out, each for a reason
// (decision 049): routes.ts (request parsing, measured by the API tests'
// refusals, not rules), the PDF layouts (advice-pdf.ts, pdf.ts,
// certificate-pdf.ts: coordinates and fonts, where a mutant moves text a
// reader sees but no rule), and repository.ts files, whose mutants are in SQL
// text (a string literal emptied) or in row mapping the services' tests reach.
const LANDLORD_FILES = [
  'src/modules/landlord-money/service.ts',
  'src/modules/landlord-money/collections.ts',
  'src/modules/landlord-money/fees.ts',
  'src/modules/landlord-money/journal.ts',
  'src/modules/landlord-money/month-tax.ts',
  'src/modules/landlord-money/months.ts',
  'src/modules/landlord-money/resplit.ts',
  'src/modules/landlord-money/month-repository.ts',
  'src/modules/payouts/service.ts',
  'src/modules/rental-tax/service.ts',
  'src/modules/rental-tax/pack.ts',
  'src/modules/pass-through/service.ts',
  'src/modules/owner-statements/service.ts',
  'src/modules/owner-statements/csv.ts',
  'src/modules/expenses/service.ts',
  'src/modules/fee-transfers/service.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: process.env.STRYKER_MUTATE ? process.env.STRYKER_MUTATE.split(',') : [...MONEY_FILES, ...LANDLORD_FILES],
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
  ...(process.env.STRYKER_INCREMENTAL
    ? { incremental: true, incrementalFile: `reports/stryker-incremental-${process.env.STRYKER_REPORT ?? 'mutation'}.json` }
    : {}),
};
