// RESULTS.md's section for issue 21: each goal beside the figure measured from
// outside (bench/outside.ts, bench/served-bench.ts), met or with its cause —
// the cause composed from what the same run measured (the bare route's rate in
// the same minute, the same statements alone, their EXPLAIN ANALYZE timings,
// the samples in order, the load), never from an earlier run's explanation.
import type { Timed } from './database-bench';
import { loads, median, medianOf, spread, type Series } from './http';
import type { Explained, ServedResult } from './served-bench';

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const mark = (met: boolean) => (met ? '**met**' : '**not met**');
const n = (x: number) => Math.round(x).toLocaleString('en-US');
const msSpread = (t: Timed) =>
  `${n(median(t.ms))} ms (${n(Math.min(...t.ms))}–${n(Math.max(...t.ms))}) [load ${t.load.map((l) => l.toFixed(1)).join(', ')}]`;
const inOrder = (t: Timed) => `${t.ms.map((m) => n(m)).join(', ')} ms in order`;
const faults = (s: Series) => s.repeats.reduce((k, r) => k + r.timeouts + r.errors, 0);
const perSecond = (x: number[]) => `${n(median(x))} (${n(Math.min(...x))}–${n(Math.max(...x))})/s`;
const explained = (e: Explained[]) =>
  e
    .map(
      (x) =>
        `${x.statement} ${x.planningMs.toFixed(1)} ms planning + ${x.executionMs.toFixed(1)} ms execution`,
    )
    .join('; ');
const samples = (s: Series) =>
  s.repeats.length < 3 ? ` (${s.repeats.length} of 3 samples: the step's time budget ran out)` : '';

const LISTS = ['tenancies', 'tenancies filtered', 'client search', 'properties', 'houses page'];

type Route = ServedResult['http'][string];

/** What the run measured beside a route's own figures: the bare route in the same minute, the statements alone and their plans, the load. */
function measuredCause(x: Route): string {
  const parts = [`the load was ${loads(x.app)} while the app was measured`];
  if (x.bare)
    parts.push(
      `the bare route serving the same bytes managed ${spread(x.bare, 'rps')} req/s right after it, on the same machine`,
    );
  if (x.alone?.perSecond.length)
    parts.push(`the same statements through node-postgres alone ${perSecond(x.alone.perSecond)}`);
  if (x.explain?.length) parts.push(`under EXPLAIN ANALYZE after the load: ${explained(x.explain)}`);
  const p50 = medianOf(x.app, 'p50');
  const rps = medianOf(x.app, 'rps');
  if (x.connections > 1 && rps > 0)
    parts.push(
      `at c=${x.connections} and ${n(rps)} req/s each request spends ${n((x.connections / rps) * 1000)} ms in the system (p50 ${n(p50)} ms): waiting for the requests ahead of it`,
    );
  return `measured: ${parts.join('; ')}`;
}

export function reportOutside(served: ServedResult[], _why: Record<string, string>, at?: string): string[] {
  const rows: string[] = [];
  const row = (what: string, goal: string, measured: string, met: boolean, cause: string) =>
    rows.push(`| ${what} | ${goal} | ${measured} | ${mark(met)}${met ? '' : ` — ${cause}`} |`);
  for (const d of served) {
    for (const name of LISTS) {
      const x = d.http[name];
      if (!x) continue;
      const ratio = x.bare ? medianOf(x.app, 'rps') / medianOf(x.bare, 'rps') : NaN;
      const measured =
        `p99 ${spread(x.app, 'p99', ' ms')}; ${spread(x.app, 'rps')} req/s` +
        (x.bare ? ` = ${pct(ratio)} of bare (${spread(x.bare, 'rps')} req/s)` : '') +
        `; ${faults(x.app)} timeouts/errors [load ${loads(x.app)}]${samples(x.app)}`;
      if (d.db === 'postgres') {
        const alone = x.alone?.perSecond.length ? medianOf(x.app, 'rps') / median(x.alone.perSecond) : NaN;
        const aloneText = x.alone?.perSecond.length
          ? `; the same statements through node-postgres alone ${perSecond(x.alone.perSecond)} [load ${x.alone.load.map((l) => l.toFixed(1)).join(', ')}] = the app at ${pct(alone)} of them`
          : '; the same statements alone: not measured for this route (its statements are not listed in bench/served-bench.ts)';
        row(
          `${name}, PostgreSQL, c=${x.connections}`,
          'p99 < 100 ms; ≥ 10% of bare; ≥ 90% of the same statements through node-postgres alone',
          measured + aloneText,
          medianOf(x.app, 'p99') < 100 && ratio >= 0.1 && alone >= 0.9,
          measuredCause(x),
        );
      } else {
        row(
          `${name}, PGlite, c=${x.connections}`,
          'no timeouts; p99 < 1 s',
          measured,
          faults(x.app) === 0 && medianOf(x.app, 'p99') < 1000,
          measuredCause(x),
        );
      }
    }
  }
  for (const d of served) {
    const receipts = (d.shape?.importRows ?? 10_000) * (d.shape?.bulkImports ?? 3);
    const entries = Object.entries(d.stale).filter(([, v]) => v.fresh.ms.length > 0);
    for (const [name, v] of entries) {
      const ratio = median(v.stale.ms) / median(v.fresh.ms);
      row(
        `${name} after ${n(receipts)} imported payments and receipts, no manual ANALYZE (${d.db})`,
        'within 2× of its freshly analysed time',
        `${msSpread(v.stale)}; after ANALYZE ${msSpread(v.fresh)} = ${ratio.toFixed(2)}×`,
        ratio <= 2,
        `measured: with the app's statistics ${inOrder(v.stale)}, after the manual ANALYZE ${inOrder(v.fresh)}`,
      );
    }
  }
  for (const d of served) {
    const rows_ = d.shape?.importRows ?? 10_000;
    const imp = Object.entries(d.stale).find(([k]) => k.startsWith('M-Pesa import'))?.[1];
    const bulk = Object.entries(d.stale).find(([k]) => k.startsWith('bulk import'))?.[1];
    const csv = Object.entries(d.stale).find(([k]) => k.startsWith('receipts CSV'));
    if (imp && bulk) {
      const all: Timed = {
        ms: [...bulk.stale.ms, ...imp.stale.ms, ...imp.fresh.ms],
        load: [...bulk.stale.load, ...imp.stale.load, ...imp.fresh.load],
      };
      row(
        `M-Pesa import of ${n(rows_)} rows (${d.db}): every import of the run`,
        '< 3 s',
        msSpread(all),
        Math.max(...all.ms) < 3000,
        `measured: the bulk imports into the big agency ${inOrder(bulk.stale)} (the first on the seed's statistics), then with the app's statistics ${inOrder(imp.stale)}, after the manual ANALYZE ${inOrder(imp.fresh)}`,
      );
    }
    if (csv) {
      const all: Timed = {
        ms: [...csv[1].stale.ms, ...csv[1].fresh.ms],
        load: [...csv[1].stale.load, ...csv[1].fresh.load],
      };
      row(
        `${csv[0]} (${d.db})`,
        '< 2 s',
        msSpread(all),
        median(all.ms) < 2000,
        `measured: with the app's statistics ${inOrder(csv[1].stale)}, after the manual ANALYZE ${inOrder(csv[1].fresh)}`,
      );
    }
  }
  for (const d of served) {
    const x = d.http['dashboard money'];
    if (x)
      row(
        `dashboard money figures, ${n(d.shape?.bigAgency ?? 10_000)}-tenancy agency (${d.db}, one request at a time)`,
        '< 150 ms',
        `p50 ${spread(x.app, 'p50', ' ms')}, p99 ${spread(x.app, 'p99', ' ms')} [load ${loads(x.app)}]${samples(x.app)}`,
        medianOf(x.app, 'p50') < 150,
        measuredCause(x),
      );
    const f = d.http['find house'];
    if (f)
      row(
        `Find House public page (${d.db}), c=${f.connections}`,
        'p99 < 50 ms',
        `p99 ${spread(f.app, 'p99', ' ms')}; ${spread(f.app, 'rps')} req/s${f.bare ? ` = ${pct(medianOf(f.app, 'rps') / medianOf(f.bare, 'rps'))} of bare` : ''}; ${faults(f.app)} timeouts/errors [load ${loads(f.app)}]${samples(f.app)}`,
        medianOf(f.app, 'p99') < 50,
        measuredCause(f),
      );
    const h = d.http['health'];
    if (h?.bare) {
      const ratio = medianOf(h.app, 'rps') / medianOf(h.bare, 'rps');
      row(
        `\`/api/health\` at the default log level (${d.db}), c=${h.connections}`,
        '≥ 40% of bare',
        `${spread(h.app, 'rps')} vs ${spread(h.bare, 'rps')} req/s = ${pct(ratio)} [load ${loads(h.app)}]${samples(h.app)}`,
        ratio >= 0.4,
        measuredCause(h),
      );
    }
    if (d.staleError)
      rows.push(
        `| stale-statistics scenario (${d.db}) | every export, import and list within 2× | stopped: ${d.staleError} | **not measured** |`,
      );
    const rss = d.rssAfterEachLoadMb ?? [];
    if (rss.length) {
      const mb = rss.map((r) => r.mb);
      row(
        'PGlite RSS after the c=50 load',
        '≤ 250 MB',
        `${median(mb)} MB (${Math.min(...mb)}–${Math.max(...mb)}), ${mb.length} readings`,
        Math.max(...mb) <= 250,
        `measured: the server process's resident set (/proc VmRSS) read after each route's c=50 load, in the routes' order as listed: ${rss.map((r) => `${r.route} ${r.mb} MB`).join(', ')}${d.pgliteWasmMb ? `; of it PGlite's WASM memory, ${d.pgliteWasmMb} MB in the bench's own PGlite after the seed (its module takes no less than 128 MB: a smaller initialMemory fails to link)` : ''}`,
      );
    }
    if (d.runs?.ms.length) {
      const t: Timed = { ms: d.runs.ms, load: d.runs.load };
      row(
        `monthly run of every agency, ${n(median(d.runs.charged))} tenancies, one month after another (${d.db})`,
        '< 3 s (issue 13)',
        msSpread(t),
        median(t.ms) < 3000,
        `measured: ${inOrder(t)}, each month's ${d.runs.charged.map(n).join(', ')} charges on the seed the load used`,
      );
    }
    for (const [route, error] of Object.entries(d.errors ?? {}))
      rows.push(`| ${route} (${d.db}) | as its goal says | stopped: ${error} | **not measured** |`);
    for (const [step, what] of Object.entries(d.skipped ?? {}))
      rows.push(
        `| ${step} | three samples | the step's time budget ran out: no more samples of ${what.join(', ')} | **cut short** |`,
      );
  }
  const shape = served.find((d) => d.shape)?.shape;
  return [
    '## Issue 21: measured from outside',
    '',
    `Measured ${served.map((d) => `${d.db} ${(d.measuredAt ?? at ?? '').slice(0, 16).replace('T', ' ')} UTC`).join(', ')}` +
      (shape ? ` on ${n(shape.tenancies)} tenancies (${n(shape.bigAgency)} in the measured agency)` : '') +
      '. ' +
      'The built server (`npm run serve`) in its own process at the default log level (its log to /dev/null); autocannon in its own process; ' +
      "the bare route (Fastify serving the measured route's exact bytes) in a third, right after the app's samples (on PGlite for `/api/health` only: its list goals name no bare ratio); on PostgreSQL the same statements through node-postgres alone " +
      'right after, then each under EXPLAIN ANALYZE. Three samples each, median (min–max), the one-minute load beside each; a step that used up its time budget says how many it took. ' +
      "Each unmet row's cause is what this run measured beside it.",
    '',
    '| what | goal | measured | |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}
