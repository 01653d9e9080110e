// Issue 21's figures for one database, measured from outside: seeded, then
// served by the built server while autocannon (its own process) loads each
// route at 50 connections beside a bare route (a third process), and then the
// stale-statistics scenario: bulk imports, then every export, import and list
// timed before and after a manual ANALYZE.
import { randomUUID } from 'node:crypto';
import { accountingDate, accountingMonth, API, parseCsv } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/clock';
import { openPglite, rowsOf, type Database, type Db } from '../apps/server/src/db/database';
import { searchClientsOfAgent } from '../apps/server/src/modules/clients/repository';
import {
  arrearsByAge,
  mostInArrears,
  occupancy,
  rentCollection,
} from '../apps/server/src/modules/dashboard/repository';
import { actingAgentIds } from '../apps/server/src/modules/agents/repository';
import { housesOfAgents } from '../apps/server/src/modules/houses/repository';
import { listProperties } from '../apps/server/src/modules/properties/repository';
import { findActiveSessionUser, findSessionStanding } from '../apps/server/src/modules/sessions/caller-repository';
import { listTenancies } from '../apps/server/src/modules/tenancies/repository';
import { loadTokens } from '../apps/server/src/security/tokens';
import { roleUrl, TEST_ROLES } from '../apps/server/src/test/postgres-admin';
import { withAdmin } from '../apps/server/src/test/postgres-admin';
import { statementCsv } from '../apps/server/src/test/statement-csv';
import {
  openBenchDatabase,
  PGLITE_DIR,
  SCREEN_PAGE_SIZE,
  SHAPE,
  SMALL,
  vacuumAsAdmin,
  type Timed,
} from './database-bench';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { manualClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/server/src/db/schema';
import { load1, REPEATS, type Series } from './http';
import { bareProcess, hammerFromOutside, outsideSeconds, serveBuilt, type Served } from './outside';
import { Budget, progress, request } from './progress';
import { seed } from './seed';

export interface ServedResult {
  db: 'pglite' | 'postgres';
  measuredAt?: string;
  seedSeconds: number;
  http: Record<
    string,
    {
      app: Series;
      bare?: Series;
      bytes: number;
      connections: number;
      alone?: Alone;
      explain?: Explained[];
      skipped?: string[];
    }
  >;
  /** The seed's rows: the labels say how many receipts the stale scenario wrote, and how many tenancies the run charged. */
  shape?: { tenancies: number; bigAgency: number; importRows: number; bulkImports: number };
  /** The monthly run of every agency (the 100k run), three months, on the same seed after the load. */
  runs?: { ms: number[]; load: number[]; charged: number[] };
  /** Steps whose budget ran out, and what they did not sample. */
  skipped?: Record<string, string[]>;
  /** Routes whose measuring stopped on an error, with the error: reported, and the bench goes on. */
  errors?: Record<string, string>;
  /** PGlite's server RSS read after each route's c=50 load, in the routes' order: the goal's figure with its range. */
  rssAfterEachLoadMb?: { route: string; mb: number }[];
  /** The WASM memory of the bench's own PGlite after the seed (the same module as the server's). */
  pgliteWasmMb?: number;
  /** Each operation timed after the bulk imports with the app's own statistics, then after a manual ANALYZE. */
  stale: Record<string, { stale: Timed; fresh: Timed; rows: number }>;
  /** What stopped the stale-statistics scenario, when something did: reported as measured, not hidden. */
  staleError?: string;
}

/** The client search's page (apps/server clients/service.ts SEARCH_LIMIT). */
const CLIENT_SEARCH_LIMIT = 20;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? (SMALL ? 1_000 : 10_000));
/** Three bulk imports of 10,000: the goal's 10,000 payments and receipts after the first, 30,000 receipts for the CSV goal after the third. */
const BULK_IMPORTS = Number(process.env.BENCH_BULK_IMPORTS ?? 3);
/** Minutes each step may take before it stops sampling (BENCH_BUDGET_SCALE scales them). */
const BUDGET = { route: 2.5, bulk: 5, phase: 5, runs: 4 };
const empty = (): Timed => ({ ms: [], load: [] });

/**
 * The same statements as the route sends (the session and standing check,
 * then the repository's reads), through node-postgres alone with a pool of
 * ten as the app's, 50 callers, in the minutes right after the app's samples:
 * the goal's "≥ 90% of the same statements through node-postgres alone".
 */
export interface Alone {
  perSecond: number[];
  load: number[];
}

/** One statement a route sends, under EXPLAIN ANALYZE on the seeded database right after its load. */
export interface Explained {
  statement: string;
  planningMs: number;
  executionMs: number;
}

/** `callers` loops calling `fn` for `seconds`: calls per second. */
async function throughput(fn: () => Promise<unknown>, callers: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        await fn();
        calls++;
      }
    }),
  );
  return Math.round(calls / seconds);
}

interface World {
  /** The session the bench's requests carry. */
  sessionId: string;
  bigAgentId: number;
  ownerUserNo: number;
  /** Three agencies' active tenancy ids: the big one, and two others the timed imports go to. */
  tenancies: Map<number, number[]>;
  importers: number[];
  headers: Record<string, string>;
}

async function prepare(
  database: Database,
  kind: 'pglite' | 'postgres',
): Promise<World & { seedSeconds: number }> {
  await database.migrate();
  const t0 = performance.now();
  const seeded = await seed(database.db, SHAPE);
  const seedSeconds = (performance.now() - t0) / 1000;
  if (kind === 'postgres') await vacuumAsAdmin(database);
  const db = database.db;
  // Every agency publishes its vacant houses: Find House lists the whole seed's.
  await db.execute(sql`INSERT INTO vacancy_listings (agent_id, published, enquiry_phone, enquiry_email, updated_at, updated_by)
    SELECT agent_id, true, '0700000000', 'lettings@bench.example', now(), owner_user_no FROM agents ON CONFLICT DO NOTHING`);
  const agencies = rowsOf<{ agent_id: number }>(
    await db.execute(sql`SELECT agent_id::int FROM agents ORDER BY agent_id LIMIT 3`),
  ).map((r) => r.agent_id);
  const tenancies = new Map<number, number[]>();
  for (const a of agencies) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`SELECT tenancy_id::int AS id FROM tenancies WHERE agent_id = ${a} AND ended_at IS NULL`,
      ),
    );
    tenancies.set(
      a,
      ids.map((r) => r.id),
    );
  }
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db.execute(
    sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at) VALUES (${sessionId}, ${seeded.ownerUserNo}, ${now}, ${now})`,
  );
  // Every agency's owner signs in through the one session: the bench owner owns only the big agency, so the others' owners get theirs.
  const tokens = await loadTokens(db, systemClock);
  const token = await tokens.sign('access', { sub: seeded.ownerUserNo, sid: sessionId }, 24 * 3600);
  return {
    seedSeconds,
    sessionId,
    bigAgentId: seeded.bigAgentId,
    ownerUserNo: seeded.ownerUserNo,
    tenancies,
    importers: agencies.slice(1),
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A token for another agency's owner, for the imports that go to it. */
async function ownerHeaders(database: Database, agentId: number): Promise<Record<string, string>> {
  const db = database.db;
  const [owner] = rowsOf<{ user_no: number }>(
    await db.execute(sql`SELECT owner_user_no::int AS user_no FROM agents WHERE agent_id = ${agentId}`),
  );
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db.execute(
    sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at) VALUES (${sessionId}, ${owner!.user_no}, ${now}, ${now})`,
  );
  const token = await (
    await loadTokens(db, systemClock)
  ).sign('access', { sub: owner!.user_no, sid: sessionId }, 24 * 3600);
  return { authorization: `Bearer ${token}` };
}

let transId = 0;
/** A paybill statement of `n` payments spread over the agency's tenancies, each TransID new. */
function statementRows(tenancyIds: number[], n: number): string[][] {
  const at = new Date('2026-11-02T07:00:00Z');
  const lines = Array.from({ length: n }, (_, i) => ({
    receiptNo: `TB${String(++transId).padStart(8, '0')}`,
    at: new Date(at.getTime() + i * 1000),
    paidIn: '1,000.00',
    account: String(tenancyIds[i % tenancyIds.length]),
  }));
  return parseCsv(statementCsv(lines));
}

async function timedFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ ms: number; load: number; bytes: number }> {
  const before = load1();
  const res = await request(url, init);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return { ms: res.ms, load: Math.max(before, load1()), bytes: res.text.length };
}

async function importStatement(
  s: Served,
  headers: Record<string, string>,
  agentId: number,
  rows: string[][],
) {
  return timedFetch(`${s.base}/api${API.mpesa.statementImport}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ managingAgentId: agentId, rows }),
  });
}

async function setPaybill(s: Served, headers: Record<string, string>, agentId: number, shortcode: string) {
  await timedFetch(`${s.base}/api${API.mpesa.paybill}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ managingAgentId: agentId, shortcode }),
  });
}

export async function measureServed(kind: 'pglite' | 'postgres'): Promise<ServedResult> {
  progress(
    `[${kind}] seeding ${SHAPE.agencies} agencies (${SHAPE.bigAgencyTenancies.toLocaleString('en-US')} tenancies in the big one)`,
  );
  const database = await openBenchDatabase(kind);
  const world = await prepare(database, kind);
  const importerHeaders = new Map<number, Record<string, string>>();
  for (const a of world.importers) importerHeaders.set(a, await ownerHeaders(database, a));
  const [counts] = rowsOf<{ total: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS total FROM tenancies`),
  );
  progress(
    `[${kind}] seeded ${Number(counts!.total).toLocaleString('en-US')} tenancies in ${world.seedSeconds.toFixed(1)} s`,
  );
  const dbName =
    kind === 'postgres'
      ? rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`))[0]!.name
      : '';
  // PGlite: one process at a time holds the data directory. PostgreSQL: closing drops the bench's database, so that waits for the end.
  // PGlite's WASM memory, read in the bench's own PGlite after the seed: the server's copy of the same module starts no smaller.
  const pgliteWasmMb =
    kind === 'pglite'
      ? Math.round(((database.db as unknown as { $client: { mod?: { HEAPU8: Uint8Array } } }).$client.mod?.HEAPU8.length ?? 0) / 1048576)
      : undefined;
  if (kind === 'pglite') await database.close();
  const env =
    kind === 'postgres'
      ? {
          DATABASE_URL: roleUrl(process.env.TEST_DATABASE_URL!, dbName, TEST_ROLES.app),
          MIGRATION_DATABASE_URL: roleUrl(process.env.TEST_DATABASE_URL!, dbName, TEST_ROLES.owner),
        }
      : { DATA_DIR: PGLITE_DIR };
  const result: ServedResult = {
    db: kind,
    measuredAt: new Date().toISOString(),
    seedSeconds: world.seedSeconds,
    http: {},
    stale: {},
    skipped: {},
    ...(pgliteWasmMb ? { pgliteWasmMb } : {}),
    shape: {
      tenancies: Number(counts!.total),
      bigAgency: world.tenancies.get(world.bigAgentId)!.length,
      importRows: IMPORT_ROWS,
      bulkImports: BULK_IMPORTS,
    },
  };
  const seconds = outsideSeconds(kind);

  let served = await serveBuilt(env);
  try {
    const a = world.bigAgentId;
    const routes: [string, string, number, boolean][] = [
      [
        'tenancies',
        `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}`,
        50,
        true,
      ],
      [
        'tenancies filtered',
        `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}&filterBy=Tenant_name&filterValue=chebet`,
        50,
        true,
      ],
      [
        'client search',
        `/client/getclientbyProvideddetails?managingAgentId=${a}&searchOption=Full_name&searchValue=chebet`,
        50,
        true,
      ],
      ['properties', `/properties/getAllPropertiesByAgentId?agentId=${a}`, 50, true],
      ['houses page', `/house/getallhouses`, 50, true],
      ['find house', `${API.findHouse.vacantHouses}?county=nairobi`, 50, true],
      ['dashboard money', `${API.dashboard.money}?managingAgentId=${a}`, 1, false],
      ['health', `/health`, 50, true],
    ];
    const appUrl = kind === 'postgres' ? roleUrl(process.env.TEST_DATABASE_URL!, dbName, TEST_ROLES.app) : '';
    for (const [name, route, connections, withBare] of routes) {
      const budget = new Budget(`[${kind}] ${name} at c=${connections}`, BUDGET.route);
      try {
        const url = `${served.base}/api${route}`;
        const first = await request(url, { headers: world.headers });
        if (first.status >= 300) throw new Error(`${name}: ${first.status} ${first.text.slice(0, 200)}`);
        const body = first.text;
        const app = await hammerFromOutside(url, connections, world.headers, seconds, () =>
          budget.allows('the app'),
        );
        let bare: Series | undefined;
        // PGlite's list goals name no bare ratio (no timeouts, p99 < 1 s): its bare samples are taken for /api/health alone, which saves two minutes.
        if (withBare && (kind === 'postgres' || name === 'health')) {
          // The bare route right after the app's samples: the machine's ceiling in the same minute.
          const b = await bareProcess(body);
          try {
            bare = await hammerFromOutside(b.url, connections, {}, seconds, () =>
              budget.allows('the bare route'),
            );
          } finally {
            await b.stop();
          }
        }
        const steps = kind === 'postgres' ? aloneSteps(world)[name] : undefined;
        const same = steps
          ? async () => {
              for (const step of steps) await step(database.db);
            }
          : undefined;
        let alone: Alone | undefined;
        let explain: Explained[] | undefined;
        if (same) {
          await same();
          alone = { perSecond: [], load: [] };
          for (let i = 0; i < REPEATS && (i === 0 || budget.allows('the statements alone')); i++) {
            const before = load1();
            alone.perSecond.push(await throughput(same, connections, seconds));
            alone.load.push(Math.max(before, load1()));
          }
          explain = await explainStatements(appUrl, steps!);
        }
        result.http[name] = {
          app,
          bare,
          bytes: Buffer.byteLength(body),
          connections,
          ...(alone ? { alone } : {}),
          ...(explain ? { explain } : {}),
          ...(budget.skipped.length ? { skipped: budget.skipped } : {}),
        };
        console.log(
          `[${kind}] ${name} @${connections}: p99 ${app.repeats.map((r) => r.p99).join('/')} ms, ${app.repeats.map((r) => r.rps).join('/')} req/s` +
            (bare ? `; bare ${bare.repeats.map((r) => r.rps).join('/')} req/s` : '') +
            (alone ? `; statements alone ${alone.perSecond.join('/')}/s` : '') +
            (explain
              ? `; EXPLAIN ${explain.map((e) => `${e.planningMs.toFixed(1)}+${e.executionMs.toFixed(1)} ms`).join(', ')}`
              : ''),
        );
      } catch (error) {
        (result.errors ??= {})[`${name}, c=${connections}`] =
          error instanceof Error ? error.message : String(error);
        progress(`[${kind}] ${name}: stopped on ${String(error)}`);
      }
      budget.done();
      if (kind === 'pglite' && connections === 50) (result.rssAfterEachLoadMb ??= []).push({ route: name, mb: served.rssMb() });
    }

    try {
      served = await staleScenario(kind, served, env, world, importerHeaders, result, dbName);
    } catch (error) {
      result.staleError =
        error instanceof Error
          ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`
          : String(error);
      console.error(`[${kind}] the stale-statistics scenario stopped: ${result.staleError}`);
    }
  } finally {
    await served.stop();
  }
  try {
    result.runs = await measureRuns(kind, database, result);
  } finally {
    if (kind === 'postgres') await database.close();
  }
  return result;
}

/**
 * The monthly run of every agency of the seed (the 100k run), one month
 * after another for three months, in this process on the database the load
 * and the stale scenario used (the server has stopped): the same seed, not a
 * second one. Timed as issue 13 timed it, through the invoicing service.
 */
async function measureRuns(
  kind: 'pglite' | 'postgres',
  opened: Database,
  result: ServedResult,
): Promise<ServedResult['runs']> {
  const budget = new Budget(`[${kind}] the monthly run of every agency, three months`, BUDGET.runs);
  const database = kind === 'pglite' ? await openPglite(PGLITE_DIR) : opened;
  const clock = manualClock(new Date('2027-01-15T09:00:00Z'));
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
    webDist: undefined,
    port: 0,
  };
  // The app closes the database it is given; this one is closed here (PostgreSQL: closing drops the bench's database).
  const app = await buildApp(config, { database: { ...database, close: async () => undefined }, clock });
  const runs = { ms: [] as number[], load: [] as number[], charged: [] as number[] };
  try {
    const owners = rowsOf<{ agent_id: number; owner_user_no: number }>(
      await database.db.execute(sql`SELECT agent_id::int, owner_user_no::int FROM agents ORDER BY agent_id`),
    );
    for (let i = 0; i < REPEATS && budget.allows('runs'); i++) {
      clock.set(new Date(Date.UTC(2027, i, 15, 9)));
      const before = load1();
      const t = performance.now();
      let charged = 0;
      for (const o of owners)
        charged += (await app.services.invoicing.run(o.agent_id, o.owner_user_no)).charged;
      runs.ms.push(performance.now() - t);
      runs.load.push(Math.max(before, load1()));
      runs.charged.push(charged);
      progress(
        `[${kind}] run ${i + 1}: ${charged.toLocaleString('en-US')} tenancies charged in ${(runs.ms.at(-1)! / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await app.close();
    if (kind === 'pglite') await database.close();
  }
  if (budget.skipped.length) result.skipped![budget.step] = budget.skipped;
  budget.done();
  return runs;
}

/**
 * The statements a route sends for the bench's request, each under EXPLAIN
 * (ANALYZE, FORMAT JSON) with the same values, on a connection of its own:
 * what a row's measured cause quotes. Recorded by calling the repository
 * functions against a recorder, then sent as they were.
 */
async function explainStatements(url: string, steps: Step[]): Promise<Explained[]> {
  // The app's drizzle (snake_case columns) over a client that keeps each statement and answers no rows.
  const sent: { name?: string; text: string; values: unknown[] }[] = [];
  const fake = {
    query: (config: { name?: string; text: string }, values: unknown[]) => {
      sent.push({ name: config.name, text: config.text, values });
      return Promise.resolve({ rows: [], fields: [], rowCount: 0, command: 'SELECT' });
    },
  };
  const recorder = drizzle({
    client: fake as unknown as pg.Pool,
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  // Each step on its own: one answered with no rows may throw, and the next is still recorded.
  for (const step of steps) await step(recorder).catch(() => undefined);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Explained[] = [];
    for (const s of sent) {
      const statement = s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 60);
      try {
        const r = await client.query<{
          'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
        }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values);
        const plan = r.rows[0]!['QUERY PLAN'][0];
        out.push({ statement, planningMs: plan['Planning Time'], executionMs: plan['Execution Time'] });
      } catch (error) {
        progress(`EXPLAIN of ${statement} failed: ${String(error)}`);
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

type Step = (db: Db) => Promise<unknown>;

/** Per route, the statements it sends for the bench's request, one step per repository call, called as the app calls them (routes not listed are not measured alone). */
function aloneSteps(w: World): Record<string, Step[]> {
  const a = w.bigAgentId;
  const page = { selection: { agentId: a, ended: false }, limit: SCREEN_PAGE_SIZE, offset: 0 } as const;
  const session: Step = (db) => findSessionStanding(db, w.sessionId, a);
  return {
    tenancies: [session, (db) => listTenancies(db, page)],
    'tenancies filtered': [
      session,
      (db) => listTenancies(db, { ...page, filterBy: 'Tenant_name', filterValue: 'chebet' }),
    ],
    'client search': [
      session,
      (db) => searchClientsOfAgent(db, a, 'Full_name', 'chebet', CLIENT_SEARCH_LIMIT),
    ],
    properties: [session, (db) => listProperties(db, [a])],
    // The houses page asks who the caller is and every account they act on, then the page (the screen's first page of 100).
    'houses page': [
      (db) => findActiveSessionUser(db, w.sessionId),
      async (db) => housesOfAgents(db, await actingAgentIds(db, w.ownerUserNo), { limit: 100, offset: 0 }),
    ],
    // The dashboard's four money statements (one request at a time): their EXPLAIN timings are the row's measured cause.
    'dashboard money': [
      session,
      (db) => rentCollection(db, a, accountingMonth(new Date())),
      (db) => arrearsByAge(db, a, accountingDate(new Date())),
      (db) => mostInArrears(db, a),
      (db) => occupancy(db, a),
    ],
  };
}

async function staleScenario(
  kind: 'pglite' | 'postgres',
  servedAtStart: Served,
  env: Parameters<typeof serveBuilt>[0],
  world: World,
  importerHeaders: Map<number, Record<string, string>>,
  result: ServedResult,
  dbName: string,
): Promise<Served> {
  let served = servedAtStart;
  const a = world.bigAgentId;
  const rows = IMPORT_ROWS.toLocaleString('en-US');
  // Stale statistics: bulk imports into the big agency (the statistics the
  // seed left describe none of them), then each operation timed as the app
  // left the statistics, then again after a manual ANALYZE.
  await setPaybill(served, world.headers, a, '600100');
  for (const [i, other] of world.importers.entries())
    await setPaybill(served, importerHeaders.get(other)!, other, `60020${i}`);
  const bulkBudget = new Budget(
    `[${kind}] stale statistics: ${BULK_IMPORTS} bulk imports of ${rows} payments into the big agency`,
    BUDGET.bulk,
  );
  const bulk = { stale: empty(), fresh: empty(), rows: IMPORT_ROWS };
  let imported = 0;
  for (let i = 0; i < BULK_IMPORTS && bulkBudget.allows('bulk imports'); i++) {
    progress(`[${kind}] bulk import ${i + 1}/${BULK_IMPORTS} (${rows} rows)…`);
    const r = await importStatement(
      served,
      world.headers,
      a,
      statementRows(world.tenancies.get(a)!, IMPORT_ROWS),
    );
    bulk.stale.ms.push(r.ms);
    bulk.stale.load.push(r.load);
    imported += IMPORT_ROWS;
    progress(`[${kind}] bulk import ${i + 1}/${BULK_IMPORTS}: ${(r.ms / 1000).toFixed(1)} s`);
  }
  if (bulkBudget.skipped.length) result.skipped![bulkBudget.step] = bulkBudget.skipped;
  bulkBudget.done();
  result.stale[`bulk import into the big agency (${rows} rows each)`] = bulk;
  const ops = {
    receipts: () =>
      timedFetch(`${served.base}/api${API.money.receiptsCsv}?agentId=${a}`, { headers: world.headers }),
    tenancies: () =>
      timedFetch(
        `${served.base}/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}&page=3`,
        { headers: world.headers },
      ),
    statementCsv: () =>
      timedFetch(`${served.base}/api${API.tenancies.csv}?managingAgentId=${a}`, { headers: world.headers }),
  };
  const names = {
    receipts: `receipts CSV (${imported.toLocaleString('en-US')} receipts)`,
    tenancies: 'tenancies list page',
    statementCsv: `tenancies CSV (${result.shape!.bigAgency.toLocaleString('en-US')})`,
  };
  const importName = `M-Pesa import of ${rows} rows`;
  const phase = async (which: 'stale' | 'fresh', importer: number) => {
    const budget = new Budget(
      `[${kind}] ${which === 'stale' ? 'with the statistics the app left' : 'after a manual ANALYZE'}: exports, list and imports`,
      BUDGET.phase,
    );
    for (const [key, op] of Object.entries(ops) as [
      keyof typeof ops,
      () => Promise<{ ms: number; load: number }>,
    ][]) {
      const entry = (result.stale[names[key]] ??= { stale: empty(), fresh: empty(), rows: 0 });
      for (let i = 0; i < REPEATS && budget.allows(names[key]); i++) {
        const r = await op();
        entry[which].ms.push(r.ms);
        entry[which].load.push(r.load);
      }
      progress(`[${kind}] ${which}: ${names[key]} ${entry[which].ms.map((m) => m.toFixed(0)).join('/')} ms`);
    }
    const entry = (result.stale[importName] ??= { stale: empty(), fresh: empty(), rows: IMPORT_ROWS });
    for (let i = 0; i < REPEATS && budget.allows(importName); i++) {
      const r = await importStatement(
        served,
        importerHeaders.get(importer)!,
        importer,
        statementRows(world.tenancies.get(importer)!, IMPORT_ROWS),
      );
      entry[which].ms.push(r.ms);
      entry[which].load.push(r.load);
      progress(`[${kind}] ${which}: import ${i + 1}/${REPEATS} ${(r.ms / 1000).toFixed(1)} s`);
    }
    if (budget.skipped.length) result.skipped![budget.step] = budget.skipped;
    budget.done();
  };
  await phase('stale', world.importers[0]!);
  // The manual ANALYZE the goal compares with: as the administrator on
  // PostgreSQL; on PGlite the server holds the data directory, so it stops.
  progress(`[${kind}] manual ANALYZE`);
  if (kind === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    await withAdmin(url.toString(), (c) => c.query('ANALYZE'));
  } else {
    await served.stop();
    const d = await openPglite(PGLITE_DIR);
    await d.db.execute(sql`ANALYZE`);
    await d.close();
    served = await serveBuilt(env);
  }
  await phase('fresh', world.importers[1]!);
  for (const [k, v] of Object.entries(result.stale).filter(([, x]) => x.fresh.ms.length > 0)) {
    const med = (t: Timed) => [...t.ms].sort((x, y) => x - y)[Math.floor(t.ms.length / 2)] ?? NaN;
    console.log(
      `[${kind}] ${k}: stale ${v.stale.ms.map((m) => m.toFixed(0)).join('/')} ms, fresh ${v.fresh.ms.map((m) => m.toFixed(0)).join('/')} ms (${(med(v.stale) / med(v.fresh)).toFixed(2)}×)`,
    );
  }
  return served;
}
