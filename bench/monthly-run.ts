// `npx tsx bench/monthly-run.ts`: the monthly run alone, without the build,
// Lighthouse or the routes under load — the seeded database, the 50 agencies'
// runs, the big agency's run in warm repeats beside bare inserts of the same
// rows, and an EXPLAIN ANALYZE of one more run (every trigger's time and
// calls). BENCH_DB=pglite for PGlite; BENCH_RUN_REPEATS (default 5).
import { measureDatabase } from './database-bench';
import { median } from './http';

const kind = (process.env.BENCH_DB ?? 'postgres') as 'pglite' | 'postgres';
const repeats = Number(process.env.BENCH_RUN_REPEATS ?? 5);
const r = await measureDatabase(kind, { http: false, repeats, explain: true });

const ms = (v: number[]) => `${median(v).toFixed(0)} ms (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
const loads = (v: number[]) => `[load ${v.join(', ')}]`;
console.log(`\n${kind}, ${r.total} tenancies; run of ${r.charged}, ${repeats} warm repeats:`);
console.log(`  run                ${ms(r.run.ms)} ${loads(r.run.load)}`);
console.log(`  bare, indexed      ${ms(r.bareInsertIndexed.ms)} ${loads(r.bareInsertIndexed.load)}`);
console.log(`  bare, plain        ${ms(r.bareInsertPlain.ms)} ${loads(r.bareInsertPlain.load)}`);
console.log(`  bare, every agency ${ms(r.bareInsertAllIndexed.ms)} ${loads(r.bareInsertAllIndexed.load)} (indexed copies, ${r.total} tenancies' rows in one insert)`);
const pairs = r.run.ms.map((m, i) => m / r.bareInsertIndexed.ms[i]!);
console.log(`  run / indexed      ${(median(r.run.ms) / median(r.bareInsertIndexed.ms)).toFixed(2)}× of the medians; ` +
  `each run over the bare insert right after it: median ${median(pairs).toFixed(2)}× (${Math.min(...pairs).toFixed(2)}–${Math.max(...pairs).toFixed(2)})`);
console.log(`  50 agencies        ${r.allAgenciesSequential.ms[0]!.toFixed(0)} ms one after another ${loads(r.allAgenciesSequential.load)}, ` +
  `${r.allAgenciesConcurrent.ms[0]!.toFixed(0)} ms at once ${loads(r.allAgenciesConcurrent.load)}`);
