// `npm run bench`: builds the app, then measures every row of issue 13's table
// — the first load of the built SPA, the built server's start on PGlite,
// Lighthouse, and on PGlite and PostgreSQL (TEST_DATABASE_URL, default the
// local server) a seeded 100,000 tenancies over 50 agencies: the monthly run
// beside bare inserts, and the API's routes under load beside a bare route.
// Writes bench/RESULTS.md. `npm run bench -- --goals`: issue 21's table alone, by its goals' methods (below). BENCH_DB=pglite for one database; BENCH_LIGHTHOUSE=0,
// BENCH_BUILD=0, BENCH_OUTSIDE=0 (issue 21's load from outside) skip those; BENCH_NPM_TEST=1 times `npm test` too; BENCH_ONLY_NPM_TEST=1 times it alone, three runs. The figures
// are kept in results.json; BENCH_REPORT_ONLY=1 renders RESULTS.md from them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureDatabase, SHAPE, SMALL, type DbResult } from './database-bench';
import { firstLoad } from './first-load';
import { load1 } from './http';
import { runLighthouse, type LighthouseResult } from './lighthouse';
import { report, type Everything } from './report';
import { progress } from './progress';
import { measureServed } from './served-bench';
import { measureStarts } from './server-start';
import { WHY } from './why';

const root = path.join(import.meta.dirname, '..');
const resultsFile = path.join(import.meta.dirname, 'results.json');
const resultsMd = path.join(import.meta.dirname, 'RESULTS.md');

// BENCH_REPORT_ONLY=1 renders RESULTS.md again from the last run's figures
// (results.json), after an explanation in why.ts changes, without measuring.
if (process.env.BENCH_REPORT_ONLY === '1') {
  const saved = JSON.parse(await readFile(resultsFile, 'utf8')) as Everything;
  await writeFile(resultsMd, report(saved, WHY) + '\n');
  console.log(`RESULTS.md rendered from ${path.relative(root, resultsFile)} (measured ${saved.measuredAt})`);
  process.exit(0);
}
const measuredAt = new Date().toISOString();

// BENCH_ONLY_OUTSIDE=1 measures issue 21's load from outside alone and keeps
// the rest of results.json as it was (each section says when it was measured).
if (process.env.BENCH_ONLY_OUTSIDE === '1') {
  const saved = JSON.parse(await readFile(resultsFile, 'utf8')) as Everything;
  for (const kind of (process.env.BENCH_DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[]) {
    if (kind === 'postgres') process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    const measured = await measureServed(kind);
    saved.served = [...(saved.served ?? []).filter((s) => s.db !== kind), measured];
    saved.servedAt = measuredAt;
    await writeFile(resultsFile, JSON.stringify(saved, null, 2) + '\n');
  }
  await writeFile(resultsMd, report(saved, WHY) + '\n');
  process.exit(0);
}
// BENCH_ONLY_NPM_TEST=1 times `npm test` alone (three runs) and keeps the rest of results.json as it was.
if (process.env.BENCH_ONLY_NPM_TEST === '1') {
  const saved = JSON.parse(await readFile(resultsFile, 'utf8')) as Everything;
  Object.assign(saved, timeNpmTestRuns());
  await writeFile(resultsFile, JSON.stringify(saved, null, 2) + '\n');
  await writeFile(resultsMd, report(saved, WHY) + '\n');
  process.exit(0);
}
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
};

/** `npm test` timed three times (BENCH_NPM_TEST_RUNS), as CI runs it: each run and the median run. */
function timeNpmTestRuns(): Pick<Everything, 'npmTest' | 'npmTestRuns' | 'npmTestAt'> {
  const npmTestAt = new Date().toISOString();
  const runs = Array.from({ length: Number(process.env.BENCH_NPM_TEST_RUNS ?? 3) }, () => timeNpmTest());
  const middle = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
  return { npmTest: middle, npmTestRuns: runs, npmTestAt };
}

/** `npm test` timed, as CI runs it (PGlite). */
function timeNpmTest(): NonNullable<Everything['npmTest']> {
  const t = performance.now();
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  const r = spawnSync('npx', ['vitest', 'run'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) console.error('npm test failed in the bench');
  return { seconds: (performance.now() - t) / 1000, load: load1() };
}

// `npm run bench -- --goals` (or BENCH_GOALS=1): issue 21's table and only
// it, each row by the goal's own method — the built server in its own
// process at the default log level, autocannon in another, the bare route in
// a third, every list at c=50 beside the same statements through
// node-postgres alone (PostgreSQL), PGlite at c=50, the stale-statistics
// scenario, imports and exports, the dashboard's money figures, Find House,
// /api/health, the first loads, Lighthouse, PGlite's first start and RSS and
// `npm test`; three samples each. Issue 13's in-process figures and
// bench/statements.ts's section are kept from results.json with their dates.
if (process.argv.includes('--goals') || process.env.BENCH_GOALS === '1') {
  const started = performance.now();
  const saved: Everything = existsSync(resultsFile)
    ? (JSON.parse(await readFile(resultsFile, 'utf8')) as Everything)
    : { dbs: [], firstLoads: [], shape: { agencies: SHAPE.agencies, big: SHAPE.bigAgencyTenancies, total: 0 }, measuredAt };
  const step = (what: string) => progress(`[goals] ${what}`);
  step(`started${SMALL ? ' on the small configuration (BENCH_SMALL=1): not the goals\' seed' : ''}`);
  if (process.env.BENCH_BUILD !== '0' || !existsSync(path.join(root, 'apps/server/dist/server.js'))) run('npm', ['run', 'build']);
  step('built');
  const webDist = path.join(root, 'apps/web/dist');
  saved.firstLoads = [firstLoad(webDist, 'welcome', 'welcome-page'), firstLoad(webDist, 'sign-in', 'sign-in-page')];
  step('PGlite first starts, three on empty data directories, then three restarts');
  saved.starts = await measureStarts(3);
  step('first starts measured');
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    step('Lighthouse: welcome, sign-in and Find House, three runs each');
    saved.lighthouseAt = new Date().toISOString();
    saved.lighthouse = await runLighthouse();
    await writeFile(path.join(import.meta.dirname, 'lighthouse.json'), JSON.stringify(saved.lighthouse, null, 2) + '\n');
    step('Lighthouse measured');
  }
  if (process.env.BENCH_NPM_TEST !== '0') {
    step('timing npm test, three runs');
    Object.assign(saved, timeNpmTestRuns());
    step('npm test timed');
  }
  const served = [];
  for (const kind of (process.env.BENCH_DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[]) {
    if (kind === 'postgres') process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    step(`${kind}: seed, load from outside, stale statistics, the monthly run`);
    served.push(await measureServed(kind));
    step(`${kind} served and measured`);
  }
  saved.served = served;
  saved.servedAt = measuredAt;
  saved.goalsMinutes = (performance.now() - started) / 60_000;
  saved.small = SMALL;
  saved.shape = { agencies: SHAPE.agencies, big: SHAPE.bigAgencyTenancies, total: served[0]?.shape?.tenancies ?? saved.shape.total };
  await writeFile(resultsFile, JSON.stringify(saved, null, 2) + '\n');
  await writeFile(resultsMd, report(saved, WHY) + '\n');
  step('done; RESULTS.md written');
  process.exit(0);
}


if (process.env.BENCH_BUILD !== '0' || !existsSync(path.join(root, 'apps/server/dist/server.js'))) run('npm', ['run', 'build']);

const webDist = path.join(root, 'apps/web/dist');
const firstLoads = [firstLoad(webDist, 'welcome', 'welcome-page'), firstLoad(webDist, 'sign-in', 'sign-in-page')];
for (const f of firstLoads) console.log(`first load ${f.page}: ${f.js.gzip + f.css.gzip} bytes gzip`);

const starts = await measureStarts(3);
console.log(`PGlite first starts ${starts.firsts.map((s) => Math.round(s.ms)).join(", ")} ms; restarts ${starts.restarts.map((s) => Math.round(s.ms)).join(", ")} ms`);

let lighthouse: LighthouseResult[] | undefined;
const lighthouseFile = path.join(import.meta.dirname, 'lighthouse.json');
if (process.env.BENCH_LIGHTHOUSE !== '0') {
  try {
    lighthouse = await runLighthouse();
    await writeFile(lighthouseFile, JSON.stringify(lighthouse, null, 2) + '\n');
  } catch (error) {
    console.error('Lighthouse failed; its rows say so:', error);
  }
} else if (existsSync(lighthouseFile)) {
  lighthouse = JSON.parse(await readFile(lighthouseFile, 'utf8'));
}

const npmTest = process.env.BENCH_NPM_TEST === '1' ? timeNpmTest() : undefined;

const dbs: DbResult[] = [];
for (const kind of (process.env.BENCH_DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[]) {
  dbs.push(await measureDatabase(kind));
}

// Issue 21's method: the built server loaded from outside, then the stale-statistics scenario.
const served = [];
if (process.env.BENCH_OUTSIDE !== '0') {
  for (const kind of (process.env.BENCH_DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[]) {
    if (kind === 'postgres') process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    served.push(await measureServed(kind));
  }
}

// Issue 24's tenant page is measured on its own (`npm run tenant-page`): its last figures are kept.
const previous = existsSync(resultsFile) ? (JSON.parse(await readFile(resultsFile, 'utf8')) as Everything) : undefined;
const everything: Everything = {
  tenantPage: previous?.tenantPage,
  dbs,
  served,
  servedAt: measuredAt,
  firstLoads,
  starts,
  lighthouse,
  npmTest,
  shape: { agencies: SHAPE.agencies, big: SHAPE.bigAgencyTenancies, total: dbs[0]?.total ?? 0 },
  measuredAt,
};
await writeFile(resultsFile, JSON.stringify(everything, null, 2) + '\n');
const text = report(everything, WHY);
await writeFile(resultsMd, text + '\n');
console.log(text);
