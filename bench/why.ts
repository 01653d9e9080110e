// Why a goal of issue 13 is not met, from the measurements behind it. Shown
// beside a row only when that row's goal is missed in the run.
export const WHY: Record<string, string> = {
  clientSearch:
    'client search was left as it is on purpose: it is being rescoped to the agency\'s own clients (issue 9), which changes the query this row measures',
  'run-postgres':
    'the invoice run SQL and the ledger triggers were left as they are on purpose: they are being rewritten for issue 10 (missed months, deposits, guards); the per-row foreign-key checks and the balance trigger still cost most of the difference',
  'run-pglite': 'as on PostgreSQL (issue 10 owns the run); PGlite adds its single-threaded WASM executor',
  'runAll-postgres': 'the run is issue 10\'s (see above); one agency\'s 10,000 rows already take most of the budget',
  'runAll-pglite': 'the run is issue 10\'s; on PGlite "at once" is one after another anyway (one connection)',
  firstLoad:
    'React DOM and React Router alone are 97 KB gzip and Mantine\'s provider, notifications and modals (on every page) about 40 KB; zod, the domain schemas and unused Mantine CSS are already off this path',
};
