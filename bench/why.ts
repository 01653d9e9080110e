// Why a goal of issue 13 is not met, from the measurements behind it. Shown
// beside a row only when that row's goal is missed in the run.
const LOADED =
  'this machine has 2 cores shared with four other engineers\' test suites (load 10–18 while measured, see the load column)';

export const WHY: Record<string, string> = {
  pgList:
    `every request makes two database round trips (session and standing in one statement, then the page; a third, the count, past a full page) and ${LOADED}: the PostgreSQL backends get a sliver of CPU, while a profile of the app at 1,350 health req/s showed its event loop about 80% idle`,
  pgliteList: `PGlite runs every query on the app's one thread inside WASM; ${LOADED}`,
  'properties-postgres': `the house counts now come from an index per property (no scan of every house), but ${LOADED}`,
  'properties-pglite': `as on PostgreSQL, on PGlite's one thread; ${LOADED}`,
  'health-postgres': `the health route is one query straight through the driver; the rest is the database round trip on a machine where ${LOADED}`,
  'health-pglite': `the one query runs on the app's own thread inside WASM (0.2–0.5 ms measured alone); ${LOADED}`,
  firstStart: `no initdb any more (the template loads); what is left is compiling PGlite's WASM and starting PostgreSQL inside it, 2.4–3.9 s of CPU measured alone at load 12, and ${LOADED}`,
  restart: `as for the first start, without the template; RSS is PGlite's WASM heap with a 32 MB buffer pool`,
  lighthouse: `Lighthouse's simulated mobile CPU multiplies the main thread's time, which ${LOADED} stretches; the first load is still 188 KB JS gzip (see that row)`,
  dataDir:
    'the figure is every table after the bench\'s runs — about 330,000 journal transactions and 660,000 lines beside the 100,000 tenancies, not the seed alone the 661 MB was measured on — and this run does not split WAL from data; the WAL budget is now 64 MB (max_wal_size) instead of 1 GB',
  npmTest: `the suite's CPU time halved (5 min 3 s → 2 min 21 s user+sys), but it runs on one worker (vitest leaves one of the 2 cores free) and ${LOADED}`,
  clientSearch:
    'client search was left as it is on purpose: it is being rescoped to the agency\'s own clients (issue 9), which changes the query this row measures',
  'run-postgres':
    `the journal's foreign keys are statement checks now, JIT is off for the run and the due months are looked up per tenancy (docs/decisions/002-ledger.md); what the bare copies skip is still there — finding the due months, the reference, ownership and balance checks, the balance upsert and, at commit, one has-lines check per transaction — and ${LOADED}`,
  'run-pglite': 'as on PostgreSQL; PGlite adds its single-threaded WASM executor',
  'runAll-postgres': `inserting every agency's rows bare, into copies with the same indexes and no checks, takes about as long on this machine (see that figure): the goal is below what writing the rows costs while ${LOADED}`,
  'runAll-pglite': 'as on PostgreSQL; on PGlite "at once" is one after another anyway (one connection)',
  firstLoad:
    'React DOM and React Router alone are 97 KB gzip and Mantine\'s provider, notifications and modals (on every page) about 40 KB; zod, the domain schemas and unused Mantine CSS are already off this path',
};
