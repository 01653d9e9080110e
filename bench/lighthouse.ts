// `npm run lighthouse --workspace @makazi/bench`: Lighthouse 12 (mobile, the
// default) on the welcome and sign-in pages of the built app, served by the
// built server on a fresh data directory, in Debian's Chromium. Three runs per
// page; the median performance score counts. Writes bench/lighthouse.json,
// which `npm run bench` puts into RESULTS.md.
import { spawnSync, type SpawnOptions } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchPort, load1, median } from './http';
import { startServer } from './server-start';

export interface LighthouseResult {
  page: string;
  performance: number[];
  accessibility: number[];
  bestPractices: number[];
  load: number[];
}

const PAGES = [
  ['welcome', '/'],
  ['sign-in', '/signin'],
  // The public Find House page: the goal names it beside welcome and sign-in.
  ['find house', '/findhouse'],
] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_RETRIES = 2;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** One Lighthouse run's command line (mobile, the default): its JSON report written to `out`. */
export function lighthouseArgs(url: string, out: string): string[] {
  return [
    'lighthouse',
    url,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${out}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
}

/** Debian's Chromium, Lighthouse's own output silenced, run from the bench folder. */
export const lighthouseOptions = {
  env: { ...process.env, CHROME_PATH: CHROME },
  stdio: ['ignore', 'ignore', 'inherit'],
  cwd: import.meta.dirname,
} satisfies SpawnOptions;

export async function runLighthouse(): Promise<LighthouseResult[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'makazi-lh-'));
  const port = benchPort('lighthouse');
  const server = await startServer(path.join(dir, 'data'), port);
  const results: LighthouseResult[] = [];
  try {
    for (const [page, url] of PAGES) {
      const r: LighthouseResult = { page, performance: [], accessibility: [], bestPractices: [], load: [] };
      for (let i = 0; i < RUNS; i++) {
        const out = path.join(dir, `${page}-${i}.json`);
        const lighthouse = () =>
          spawnSync('npx', lighthouseArgs(`http://127.0.0.1:${port}${url}`, out), lighthouseOptions);
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run measured nothing, and is taken again.
        let run = lighthouse();
        for (let retry = 1; run.status !== 0 && retry <= LIGHTHOUSE_RETRIES; retry++) run = lighthouse();
        if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (${run.status})`);
        const report = JSON.parse(await readFile(out, 'utf8'));
        r.performance.push(Math.round(report.categories.performance.score * 100));
        r.accessibility.push(Math.round(report.categories.accessibility.score * 100));
        r.bestPractices.push(Math.round(report.categories['best-practices'].score * 100));
        r.load.push(load1());
      }
      console.log(
        `lighthouse ${page}: performance ${r.performance.join('/')} (median ${median(r.performance)})`,
      );
      results.push(r);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runLighthouse();
  await writeFile(new URL('./lighthouse.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
}
