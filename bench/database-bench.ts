// Everything measured against one seeded database (PGlite or PostgreSQL):
// the monthly run beside bare inserts of the same rows, and the API's routes
// under load beside a bare Fastify route serving the same bytes.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { manualClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, rowsOf, type Database } from '../apps/server/src/db/database';
import { readPgliteTemplate } from '../apps/server/src/db/pglite-template';
import { monthlyRunStatement } from '../apps/server/src/modules/ledger/monthly-run';
import * as invoicingRepo from '../apps/server/src/modules/invoicing/repository';
import { openTestDatabase, roleUrl, TEST_ROLES } from '../apps/server/src/test/database';
import { withAdmin } from '../apps/server/src/test/postgres-admin';
import { bareServer, hammer, load1, median, type Series } from './http';
import { seed, type SeedShape } from './seed';

export interface Timed {
  ms: number[];
  load: number[];
}
export interface DbResult {
  db: 'pglite' | 'postgres';
  total: number;
  seedSeconds: number;
  run: Timed;
  bareInsertPlain: Timed;
  bareInsertIndexed: Timed;
  /** Every agency's rows (the 50 agencies' runs) in one bare insert into the indexed copies. */
  bareInsertAllIndexed: Timed;
  allAgenciesSequential: Timed;
  allAgenciesConcurrent: Timed;
  charged: number;
  http: Record<string, { app: Series; bare?: Series; bytes: number }>;
  /** EXPLAIN ANALYZE of one more run (rolled back): the plan with each trigger's time and calls, and the commit-time checks. */
  runExplain?: string;
  dataDirMb?: number;
  houses?: { pageBytes: number; oneBytes: number; agencyHouses?: number };
}

/**
 * BENCH_SMALL=1: 5 agencies, 1,000 tenancies in the big one and 200 in each
 * other (and imports of 1,000 rows, bench/served-bench.ts) — to check the
 * bench runs end to end in minutes; its figures are not the goals' seed.
 */
export const SMALL = process.env.BENCH_SMALL === '1';
export const SHAPE: SeedShape = {
  agencies: Number(process.env.BENCH_AGENCIES ?? (SMALL ? 5 : 50)),
  bigAgencyTenancies: Number(process.env.BENCH_BIG ?? (SMALL ? 1_000 : 10_000)),
  otherAgencyTenancies: Number(process.env.BENCH_OTHER ?? (SMALL ? 200 : 1_837)),
  housesPerProperty: 50,
  firstMonth: '2026-10-01',
};
/** The tenancies screen asks for 20 per page (apps/web tenancies-page.tsx). */
export const SCREEN_PAGE_SIZE = 20;
export const PGLITE_DIR = path.join(import.meta.dirname, 'data', 'pglite');

async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; load: number }> {
  const t = performance.now();
  await fn();
  return { ms: performance.now() - t, load: load1() };
}
const push = (into: Timed, r: { ms: number; load: number }) => {
  into.ms.push(r.ms);
  into.load.push(r.load);
};
const empty = (): Timed => ({ ms: [], load: [] });

export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'postgres') {
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    return openTestDatabase();
  }
  delete process.env.TEST_DATABASE_URL;
  // On disk, as the server keeps it, so the data directory's size is measured too.
  await rm(PGLITE_DIR, { recursive: true, force: true });
  await mkdir(PGLITE_DIR, { recursive: true });
  const template = await readPgliteTemplate();
  return openPglite(PGLITE_DIR, template ? { template } : {});
}

export interface MeasureOptions {
  /** Routes under load too (the full bench); off for the run alone (bench/monthly-run.ts). */
  http?: boolean;
  /** Warm repeats of the big agency's run, one month each, and of each bare insert. */
  repeats?: number;
  explain?: boolean;
}

/** 'YYYY-MM' `n` months after `from`. */
const addMonths = (from: string, n: number) => {
  const [y, m] = from.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

export async function measureDatabase(kind: 'pglite' | 'postgres', options: MeasureOptions = {}): Promise<DbResult> {
  const { http = true, repeats = 3, explain = false } = options;
  const database = await openBenchDatabase(kind);
  await database.migrate();
  const t0 = performance.now();
  const seeded = await seed(database.db, SHAPE);
  const seedSeconds = (performance.now() - t0) / 1000;
  if (kind === 'postgres') await vacuumAsAdmin(database);
  console.log(`[${kind}] seeded ${seeded.total} tenancies in ${seedSeconds.toFixed(1)} s`);
  // On PostgreSQL the app's role owns nothing: it may not create the bare tables; the owner does.
  const owner = kind === 'postgres' ? await openOwner(database) : database;

  const clock = manualClock(new Date('2026-11-15T09:00:00Z'));
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), webDist: undefined, port: 0 };
  const app = await buildApp(config, { database, clock });
  const result: DbResult = {
    db: kind,
    total: seeded.total,
    seedSeconds,
    run: empty(),
    bareInsertPlain: empty(),
    bareInsertIndexed: empty(),
    bareInsertAllIndexed: empty(),
    allAgenciesSequential: empty(),
    allAgenciesConcurrent: empty(),
    charged: 0,
    http: {},
  };
  try {
    const db = database.db;
    const owners = rowsOf<{ agent_id: number; owner_user_no: number }>(
      await db.execute(sql`SELECT agent_id::int, owner_user_no::int FROM agents ORDER BY agent_id`),
    );
    const month = (m: string) => clock.set(new Date(`${m}-15T09:00:00Z`));

    // All 50 agencies, one month each: one after another, then all at once.
    month('2026-11');
    push(result.allAgenciesSequential, await timed(async () => {
      for (const o of owners) await app.services.invoicing.run(o.agent_id, o.owner_user_no);
    }));
    month('2026-12');
    push(result.allAgenciesConcurrent, await timed(() =>
      Promise.all(owners.map((o) => app.services.invoicing.run(o.agent_id, o.owner_user_no))),
    ));
    console.log(`[${kind}] 50 agencies: ${result.allAgenciesSequential.ms[0]!.toFixed(0)} ms in turn, ${result.allAgenciesConcurrent.ms[0]!.toFixed(0)} ms at once`);

    // The big agency, one month per repeat, each followed by the same rows'
    // bare insert into the indexed copies: the pair shares the machine's load
    // of the moment, which on a shared machine moves more than either differs.
    const big = sql`t.agent_id = ${seeded.bigAgentId}`;
    await createBareTables(owner, sql`INCLUDING ALL`);
    for (let i = 0; i < repeats; i++) {
      month(addMonths('2027-01', i));
      let charged = 0;
      push(result.run, await timed(async () => {
        charged = (await app.services.invoicing.run(seeded.bigAgentId, seeded.ownerUserNo)).charged;
      }));
      result.charged = charged;
      push(result.bareInsertIndexed, await bareInsert(owner, big));
    }
    console.log(`[${kind}] run of ${result.charged}: ${result.run.ms.map((m) => m.toFixed(0)).join(', ')} ms; ` +
      `bare into indexed copies right after each: ${result.bareInsertIndexed.ms.map((m) => m.toFixed(0)).join(', ')} ms`);
    for (let i = 0; i < repeats; i++) push(result.bareInsertAllIndexed, await bareInsert(owner, sql`true`));
    await createBareTables(owner, sql`INCLUDING DEFAULTS INCLUDING IDENTITY`);
    for (let i = 0; i < repeats; i++) push(result.bareInsertPlain, await bareInsert(owner, big));
    await owner.db.execute(sql`DROP TABLE IF EXISTS bench_txn, bench_lines`);
    console.log(`[${result.db}] bare inserts: plain ${median(result.bareInsertPlain.ms).toFixed(0)} ms, indexed ${median(result.bareInsertIndexed.ms).toFixed(0)} ms, ` +
      `every agency's rows indexed ${median(result.bareInsertAllIndexed.ms).toFixed(0)} ms`);
    if (explain) {
      result.runExplain = await explainRun(database, seeded.bigAgentId, seeded.ownerUserNo, addMonths('2027-01', repeats));
      console.log(result.runExplain);
    }

    if (http) await measureHttp(app, database, seeded, clock, result);
    if (kind === 'pglite') {
      await db.execute(sql`CHECKPOINT`);
      result.dataDirMb = await dirSizeMb(PGLITE_DIR);
    }
    return result;
  } finally {
    if (owner !== database) await owner.close();
    await app.close();
  }
}

/** The same PostgreSQL database as the tables' owner (openTestDatabase's least-privilege set-up). */
async function openOwner(database: Database): Promise<Database> {
  const name = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`))[0]!.name;
  return openPostgres(roleUrl(process.env.TEST_DATABASE_URL!, name, TEST_ROLES.owner));
}

/**
 * Copies of the journal's tables for the bare inserts: plain (same columns)
 * or `INCLUDING ALL` (same indexes and constraints; no triggers, no foreign keys).
 */
async function createBareTables(database: Database, like: ReturnType<typeof sql>) {
  const db = database.db;
  await db.execute(sql`DROP TABLE IF EXISTS bench_txn, bench_lines`);
  await db.execute(sql`CREATE TABLE bench_txn (LIKE journal_transactions ${like})`);
  await db.execute(sql`CREATE TABLE bench_lines (LIKE journal_lines ${like})`);
}

/**
 * The run's rows (one transaction and two lines per tenancy) for the
 * tenancies `agency` selects, inserted by a bare INSERT … SELECT into the
 * copies, emptied first.
 */
async function bareInsert(database: Database, agency: ReturnType<typeof sql>) {
  const db = database.db;
  await db.execute(sql`TRUNCATE bench_txn, bench_lines`);
  return timed(() => db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO bench_txn (txn_id, agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by)
      OVERRIDING SYSTEM VALUE
      SELECT 1000000000 + t.tenancy_id, t.agent_id, 'rent_charge', t.tenancy_id, now(), 'Rent for January 2030', '2030-01-01', t.booked_by
      FROM tenancies t WHERE ${agency} AND t.ended_at IS NULL`);
    await tx.execute(sql`INSERT INTO bench_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
      SELECT 1000000000 + t.tenancy_id, t.agent_id, 'tenant', 'rent', t.tenancy_id, t.rent_cents, 0
      FROM tenancies t WHERE ${agency} AND t.ended_at IS NULL
      UNION ALL
      SELECT 1000000000 + t.tenancy_id, t.agent_id, 'rent_income', NULL, NULL, 0, t.rent_cents
      FROM tenancies t WHERE ${agency} AND t.ended_at IS NULL`);
  }));
}

/**
 * One more month's run of the big agency under EXPLAIN ANALYZE: the plan with
 * the time and calls of every trigger (foreign keys included), then the
 * deferred checks fired by SET CONSTRAINTS ALL IMMEDIATE, timed. Rolled back.
 */
async function explainRun(database: Database, agentId: number, postedBy: number, month: string): Promise<string> {
  const rollback = new Error('rollback');
  let text = '';
  try {
    await database.db.transaction(async (tx) => {
      const postedAt = new Date(`${month}-15T09:00:00Z`);
      const runId = await invoicingRepo.insertRun(tx, { agentId, month: `${month}-01`, runAt: postedAt, runBy: postedBy, automatic: false });
      await tx.execute(sql`SET LOCAL jit = off`); // as postMonthlyRentCharges does
      const plan = rowsOf<Record<string, string>>(
        await tx.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${monthlyRunStatement({ agentId, runId: runId!, month: `${month}-01`, postedAt, postedBy })}`),
      );
      const t = performance.now();
      await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
      text = `${plan.map((r) => Object.values(r)[0]).join('\n')}\nDeferred checks (SET CONSTRAINTS ALL IMMEDIATE): ${(performance.now() - t).toFixed(1)} ms`;
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return text;
}

async function measureHttp(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  seeded: { bigAgentId: number; ownerUserNo: number },
  clock: ReturnType<typeof manualClock>,
  result: DbResult,
) {
  const db = database.db;
  // The owner's session and token, as a login would make them.
  const sessionId = randomUUID();
  await db.execute(sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at)
    VALUES (${sessionId}, ${seeded.ownerUserNo}, ${clock.now().toISOString()}, ${clock.now().toISOString()})`);
  const token = await app.tokens.sign('access', { sub: seeded.ownerUserNo, sid: sessionId }, 24 * 3600);
  const headers = { authorization: `Bearer ${token}` };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const agent = seeded.bigAgentId;
  const routes: [string, string, number[], boolean][] = [
    ['tenancies', `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agent}&pageSize=${SCREEN_PAGE_SIZE}`, [10, 50], true],
    ['tenancies filtered', `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agent}&pageSize=${SCREEN_PAGE_SIZE}&filterBy=Tenant_name&filterValue=chebet`, [10], false],
    ['client search', `/client/getclientbyProvideddetails?managingAgentId=${agent}&searchOption=Full_name&searchValue=chebet`, [10], false],
    ['properties', `/properties/getAllPropertiesByAgentId?agentId=${agent}`, [10], false],
    ['houses page', `/house/getallhouses`, [10], false],
    ['health', `/health`, [10], true],
  ];
  for (const [name, route, connectionsList, withBare] of routes) {
    const url = `${base}${route}`;
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${body.slice(0, 200)}`);
    for (const connections of connectionsList) {
      const key = `${name} @${connections}`;
      const appSeries = await hammer(url, connections, headers);
      let bare: Series | undefined;
      if (withBare) {
        const server = await bareServer(body);
        try {
          bare = await hammer(server.url, connections);
        } finally {
          await server.close();
        }
      }
      result.http[key] = { app: appSeries, bare, bytes: Buffer.byteLength(body) };
      const r = appSeries.repeats;
      console.log(`[${result.db}] ${key}: p99 ${r.map((x) => x.p99).join('/')} ms, ${r.map((x) => x.rps).join('/')} req/s` +
        (bare ? `; bare ${bare.repeats.map((x) => x.rps).join('/')} req/s` : ''));
    }
  }
  // What the booking page now fetches: the one house in its URL.
  const [first] = (await (await fetch(`${base}/house/getallhouses?pageSize=1`, { headers })).json()) as { HouseId: number }[];
  const one = await fetch(`${base}/house/getallhouses?HouseId=${first!.HouseId}`, { headers });
  result.houses = { pageBytes: result.http['houses page @10']!.bytes, oneBytes: Buffer.byteLength(await one.text()) };
  const count = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM houses WHERE agent_id = ${agent}`));
  result.houses.agencyHouses = Number(count[0]!.n);
}

export async function dirSizeMb(dir: string): Promise<number> {
  const { readdir, stat } = await import('node:fs/promises');
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return Math.round(total / 2 ** 20);
}

/**
 * The seed's VACUUM ANALYZE runs as the least-privileged app role, which
 * PostgreSQL skips for tables it does not own; autovacuum would get there in
 * a live database. Done as the administrator, the lists are measured on
 * planner statistics and a visibility map, not on the first minute after a
 * bulk load.
 */
export async function vacuumAsAdmin(database: Database) {
  const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  await withAdmin(url.toString(), (c) => c.query('VACUUM ANALYZE'));
}
