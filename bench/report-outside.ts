// RESULTS.md's section for issue 21: each goal beside the figure measured from
// outside (bench/outside.ts, bench/served-bench.ts), met or with its cause.
import type { Timed } from './database-bench';
import { loads, median, medianOf, spread, type Series } from './http';
import type { ServedResult } from './served-bench';

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const mark = (met: boolean) => (met ? '**met**' : '**not met**');
const msSpread = (t: Timed) =>
  `${Math.round(median(t.ms)).toLocaleString('en-US')} ms (${Math.round(Math.min(...t.ms)).toLocaleString('en-US')}–${Math.round(Math.max(...t.ms)).toLocaleString('en-US')}) [load ${t.load.map((l) => l.toFixed(1)).join(', ')}]`;
const faults = (s: Series) => s.repeats.reduce((n, r) => n + r.timeouts + r.errors, 0);

const LISTS = ['tenancies', 'tenancies filtered', 'client search', 'properties', 'houses page'];

export function reportOutside(served: ServedResult[], why: Record<string, string>, at?: string): string[] {
  const rows: string[] = [];
  const row = (what: string, goal: string, measured: string, met: boolean, key: string) =>
    rows.push(`| ${what} | ${goal} | ${measured} | ${mark(met)}${!met && why[key] ? ` — ${why[key]}` : ''} |`);
  for (const d of served) {
    for (const name of LISTS) {
      const x = d.http[name];
      if (!x) continue;
      const ratio = x.bare ? medianOf(x.app, 'rps') / medianOf(x.bare, 'rps') : NaN;
      const measured =
        `p99 ${spread(x.app, 'p99', ' ms')}; ${spread(x.app, 'rps')} req/s` +
        (x.bare ? ` = ${pct(ratio)} of bare (${spread(x.bare, 'rps')} req/s)` : '') +
        `; ${faults(x.app)} timeouts/errors [load ${loads(x.app)}]`;
      if (d.db === 'postgres') {
        // The app against the same statements through node-postgres alone, measured right after it (bench/served-bench.ts).
        const alone = x.alone ? medianOf(x.app, 'rps') / median(x.alone.perSecond) : NaN;
        const aloneText = x.alone
          ? `; the same statements through node-postgres alone ${median(x.alone.perSecond).toLocaleString('en-US')} (${Math.min(...x.alone.perSecond).toLocaleString('en-US')}–${Math.max(...x.alone.perSecond).toLocaleString('en-US')})/s [load ${x.alone.load.map((l) => l.toFixed(1)).join(', ')}] = the app at ${pct(alone)} of them`
          : '; the same statements alone: not measured for this route';
        row(`${name}, PostgreSQL, c=${x.connections}`, 'p99 < 100 ms; ≥ 10% of bare; ≥ 90% of the same statements through node-postgres alone', measured + aloneText,
          medianOf(x.app, 'p99') < 100 && ratio >= 0.1 && alone >= 0.9, `out-list-postgres`);
      } else {
        row(`${name}, PGlite, c=${x.connections}`, 'no timeouts; p99 < 1 s', measured, faults(x.app) === 0 && medianOf(x.app, 'p99') < 1000, `out-list-pglite`);
      }
    }
  }
  for (const d of served) {
    const entries = Object.entries(d.stale).filter(([, v]) => v.fresh.ms.length > 0);
    for (const [name, v] of entries) {
      const ratio = median(v.stale.ms) / median(v.fresh.ms);
      row(`${name} after 30,000 imported receipts, no manual ANALYZE (${d.db})`, 'within 2× of its freshly analysed time',
        `${msSpread(v.stale)}; after ANALYZE ${msSpread(v.fresh)} = ${ratio.toFixed(2)}×`, ratio <= 2, `out-stale-${d.db}`);
    }
  }
  for (const d of served) {
    const imp = d.stale['M-Pesa import of 10,000 rows'];
    const bulk = Object.entries(d.stale).find(([k]) => k.startsWith('bulk import'))?.[1];
    const csv = Object.entries(d.stale).find(([k]) => k.startsWith('receipts CSV'));
    if (imp && bulk) {
      const all: Timed = { ms: [...bulk.stale.ms, ...imp.stale.ms, ...imp.fresh.ms], load: [...bulk.stale.load, ...imp.stale.load, ...imp.fresh.load] };
      row(`M-Pesa import of 10,000 rows (${d.db}): every import of the run`, '< 3 s', msSpread(all), Math.max(...all.ms) < 3000, `out-import-${d.db}`);
    }
    if (csv) {
      const all: Timed = { ms: [...csv[1].stale.ms, ...csv[1].fresh.ms], load: [...csv[1].stale.load, ...csv[1].fresh.load] };
      row(`${csv[0]} (${d.db})`, '< 2 s', msSpread(all), median(all.ms) < 2000, `out-csv-${d.db}`);
    }
  }
  for (const d of served) {
    const x = d.http['dashboard money'];
    if (x) row(`dashboard money figures, 10,000-tenancy agency (${d.db}, one request at a time)`, '< 150 ms',
      `p50 ${spread(x.app, 'p50', ' ms')}, p99 ${spread(x.app, 'p99', ' ms')} [load ${loads(x.app)}]`, medianOf(x.app, 'p50') < 150, `out-dashboard-${d.db}`);
    const f = d.http['find house'];
    if (f) row(`Find House public page (${d.db}), c=${f.connections}`, 'p99 < 50 ms',
      `p99 ${spread(f.app, 'p99', ' ms')}; ${spread(f.app, 'rps')} req/s${f.bare ? ` = ${pct(medianOf(f.app, 'rps') / medianOf(f.bare, 'rps'))} of bare` : ''} [load ${loads(f.app)}]`,
      medianOf(f.app, 'p99') < 50, `out-findhouse-${d.db}`);
    const h = d.http['health'];
    if (h?.bare) {
      const ratio = medianOf(h.app, 'rps') / medianOf(h.bare, 'rps');
      row(`\`/api/health\` at the default log level (${d.db}), c=${h.connections}`, '≥ 40% of bare',
        `${spread(h.app, 'rps')} vs ${spread(h.bare, 'rps')} req/s = ${pct(ratio)} [load ${loads(h.app)}]`, ratio >= 0.4, `out-health-${d.db}`);
    }
    if (d.staleError) rows.push(`| stale-statistics scenario (${d.db}) | every export, import and list within 2× | stopped: ${d.staleError} | **not measured** |`);
    if (d.rssAfterLoadMb !== undefined) row('PGlite RSS after the c=50 load', '≤ 250 MB', `${d.rssAfterLoadMb} MB`, d.rssAfterLoadMb <= 250, 'out-rss');
  }
  return [
    '## Issue 21: measured from outside',
    '',
    `Measured ${served.map((d) => `${d.db} ${(d.measuredAt ?? at ?? '').slice(0, 16).replace('T', ' ')} UTC`).join(', ')}. ` +
      'The built server (`npm run serve`) in its own process at the default log level (its log to /dev/null); autocannon in its own process; ' +
      'the bare route (Fastify serving the measured route\'s exact bytes) in a third; three samples each, median (min–max), the one-minute load beside each. ' +
      'Not measured: the same statements through node-postgres alone (the goal\'s third list figure).',
    '',
    '| what | goal | measured | |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}
