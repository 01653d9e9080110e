// `npm run bench`: seeds one agency with 10,000 tenancies among 100,000 across
// 50 agencies, then measures on PGlite and on PostgreSQL (TEST_DATABASE_URL,
// default the local server): the monthly invoice run beside a bare
// INSERT … SELECT of as many rows, and the tenancies list's latency under
// autocannon with and without a filter. Writes bench/RESULTS.md.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { manualClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/database';
import { openTestDatabase } from '../apps/server/src/test/database';
import { seed } from './seed';

const SHAPE = {
  agencies: Number(process.env.BENCH_AGENCIES ?? 50),
  bigAgencyTenancies: Number(process.env.BENCH_BIG ?? 10_000),
  otherAgencyTenancies: Number(process.env.BENCH_OTHER ?? 1_837),
  housesPerProperty: 50,
  firstMonth: '2026-10-01',
};
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Result {
  db: string;
  total: number;
  seedSeconds: number;
  runMs: number;
  charged: number;
  bareMs: number;
  lists: { name: string; p50: number; p99: number; rps: number; errors: number }[];
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Result> {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.TEST_DATABASE_URL;
  const database: Database = await openTestDatabase();
  await database.migrate();
  const t0 = performance.now();
  const seeded = await seed(database.db, SHAPE);
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(`[${kind}] seeded ${seeded.total} tenancies in ${seedSeconds.toFixed(1)} s`);

  const clock = manualClock(new Date('2026-11-15T09:00:00Z'));
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), webDist: undefined, port: 0 };
  const app = await buildApp(config, { database, clock });
  try {
    const db = database.db;
    // The owner's session and token, as a login would make them.
    const sessionId = randomUUID();
    await db.execute(sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at)
      VALUES (${sessionId}, ${seeded.ownerUserNo}, ${clock.now().toISOString()}, ${clock.now().toISOString()})`);
    const token = await app.tokens.sign('access', { sub: seeded.ownerUserNo, sid: sessionId }, 3600);
    const caller = { userNo: seeded.ownerUserNo, clientNo: 0, sessionId };

    const r0 = performance.now();
    const run = await app.services.invoicing.run(seeded.bigAgentId, caller.userNo);
    const runMs = performance.now() - r0;
    console.log(`[${kind}] invoice run: ${run.charged} charged in ${runMs.toFixed(0)} ms`);

    await db.execute(sql`CREATE TABLE bench_bare (tenancy_id bigint, agent_id bigint, amount bigint, month date, posted_at timestamptz)`);
    const b0 = performance.now();
    await db.execute(sql`INSERT INTO bench_bare SELECT tenancy_id, agent_id, rent_cents, '2026-11-01', now()
      FROM tenancies WHERE agent_id = ${seeded.bigAgentId} AND ended_at IS NULL`);
    const bareMs = performance.now() - b0;
    console.log(`[${kind}] bare INSERT … SELECT of ${run.charged} rows: ${bareMs.toFixed(0)} ms`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${seeded.bigAgentId}&pageSize=50`;
    const lists = [];
    // Warm up: the worker's start and the first plans are not what a user waits for.
    await autocannon({ url: base, connections: 2, duration: 2, workers: 1, headers: { authorization: `Bearer ${token}` } });
    for (const [name, url] of [
      ['all tenancies, first page', base],
      ['filtered: Tenant Name contains "chebet"', `${base}&filterBy=Tenant_name&filterValue=chebet`],
      ['with balances, Bulding Name contains "court 1-1"', `${base}&listType=balances&filterBy=Property_name&filterValue=court%201-1`],
    ] as const) {
      // The load comes from a worker thread, so it does not share the server's event loop.
      const out = await autocannon({ url, connections: 10, duration: DURATION, workers: 1, headers: { authorization: `Bearer ${token}` } });
      const errors = out.errors + out.non2xx;
      lists.push({ name, p50: out.latency.p50, p99: out.latency.p99, rps: Math.round(out.requests.average), errors });
      console.log(`[${kind}] ${name}: p50 ${out.latency.p50} ms, p99 ${out.latency.p99} ms, ${Math.round(out.requests.average)} req/s, errors ${errors}`);
    }
    return { db: kind, total: seeded.total, seedSeconds, runMs, charged: run.charged, bareMs, lists };
  } finally {
    await app.close();
  }
}

function report(results: Result[]): string {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. One agency with ${SHAPE.bigAgencyTenancies.toLocaleString('en-US')} active tenancies ` +
      `among ${results[0]?.total.toLocaleString('en-US')} across ${SHAPE.agencies} agencies; each tenancy already charged for its first month.`,
    '',
    '## Monthly invoice run (one agency, one month)',
    '',
    'The run inserts one journal transaction and two balanced lines per tenancy in one set-based statement, inside one database transaction with the run row and the balance trigger. The bare figure is an `INSERT … SELECT` of the same number of rows into a plain table.',
    '',
    '| database | tenancies charged | run | bare INSERT … SELECT | ratio |',
    '|---|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.db} | ${r.charged.toLocaleString('en-US')} | ${r.runMs.toFixed(0)} ms | ${r.bareMs.toFixed(0)} ms | ${(r.runMs / r.bareMs).toFixed(1)}× |`),
    '',
    `## Tenancies list (50 per page) under autocannon, 10 connections from a worker thread, ${DURATION} s, same machine`,
    '',
    '| database | query | p50 | p99 | req/s | errors |',
    '|---|---|---:|---:|---:|---:|',
    ...results.flatMap((r) => r.lists.map((l) => `| ${r.db} | ${l.name} | ${l.p50} ms | ${l.p99} ms | ${l.rps} | ${l.errors} |`)),
    '',
    `Seeding took ${results.map((r) => `${r.seedSeconds.toFixed(1)} s on ${r.db}`).join(' and ')}.`,
    '',
  ];
  return lines.join('\n');
}

const which = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const results: Result[] = [];
for (const kind of which) results.push(await measure(kind));
await writeFile(new URL('./RESULTS.md', import.meta.url), report(results));
console.log(report(results));
