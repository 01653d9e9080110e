// Issue 21's figures for one database, measured from outside: seeded, then
// served by the built server while autocannon (its own process) loads each
// route at 50 connections beside a bare route (a third process), and then the
// stale-statistics scenario: bulk imports, then every export, import and list
// timed before and after a manual ANALYZE.
import { randomUUID } from 'node:crypto';
import { API, parseCsv } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/clock';
import { rowsOf, type Database, type Db } from '../apps/server/src/db/database';
import { searchClientsOfAgent } from '../apps/server/src/modules/clients/repository';
import { findSessionStanding } from '../apps/server/src/modules/sessions/caller-repository';
import { listTenancies } from '../apps/server/src/modules/tenancies/repository';
import { loadTokens } from '../apps/server/src/security/tokens';
import { roleUrl, TEST_ROLES } from '../apps/server/src/test/postgres-admin';
import { withAdmin } from '../apps/server/src/test/postgres-admin';
import { statementCsv } from '../apps/server/src/test/statement-csv';
import { openBenchDatabase, PGLITE_DIR, SCREEN_PAGE_SIZE, SHAPE, vacuumAsAdmin, type Timed } from './database-bench';
import { load1, REPEATS, SECONDS, type Series } from './http';
import { bareProcess, hammerFromOutside, serveBuilt, type Served } from './outside';
import { seed } from './seed';
import { openPglite } from '../apps/server/src/db/database';

export interface ServedResult {
  db: 'pglite' | 'postgres';
  measuredAt?: string;
  seedSeconds: number;
  http: Record<string, { app: Series; bare?: Series; bytes: number; connections: number; alone?: Alone }>;
  rssAfterLoadMb?: number;
  /** Each operation timed after the bulk imports with the app's own statistics, then after a manual ANALYZE. */
  stale: Record<string, { stale: Timed; fresh: Timed; rows: number }>;
  /** What stopped the stale-statistics scenario, when something did: reported as measured, not hidden. */
  staleError?: string;
}

/** The client search's page (apps/server clients/service.ts SEARCH_LIMIT). */
const CLIENT_SEARCH_LIMIT = 20;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BULK_IMPORTS = 3;
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

async function prepare(database: Database, kind: 'pglite' | 'postgres'): Promise<World & { seedSeconds: number }> {
  await database.migrate();
  const t0 = performance.now();
  const seeded = await seed(database.db, SHAPE);
  const seedSeconds = (performance.now() - t0) / 1000;
  if (kind === 'postgres') await vacuumAsAdmin(database);
  const db = database.db;
  // Every agency publishes its vacant houses: Find House lists the whole seed's.
  await db.execute(sql`INSERT INTO vacancy_listings (agent_id, published, enquiry_phone, enquiry_email, updated_at, updated_by)
    SELECT agent_id, true, '0700000000', 'lettings@bench.example', now(), owner_user_no FROM agents ON CONFLICT DO NOTHING`);
  const agencies = rowsOf<{ agent_id: number }>(await db.execute(sql`SELECT agent_id::int FROM agents ORDER BY agent_id LIMIT 3`)).map((r) => r.agent_id);
  const tenancies = new Map<number, number[]>();
  for (const a of agencies) {
    const ids = rowsOf<{ id: number }>(await db.execute(sql`SELECT tenancy_id::int AS id FROM tenancies WHERE agent_id = ${a} AND ended_at IS NULL`));
    tenancies.set(a, ids.map((r) => r.id));
  }
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db.execute(sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at) VALUES (${sessionId}, ${seeded.ownerUserNo}, ${now}, ${now})`);
  // Every agency's owner signs in through the one session: the bench owner owns only the big agency, so the others' owners get theirs.
  const tokens = await loadTokens(db, systemClock);
  const token = await tokens.sign('access', { sub: seeded.ownerUserNo, sid: sessionId }, 24 * 3600);
  return { seedSeconds, sessionId, bigAgentId: seeded.bigAgentId, ownerUserNo: seeded.ownerUserNo, tenancies, importers: agencies.slice(1), headers: { authorization: `Bearer ${token}` } };
}

/** A token for another agency's owner, for the imports that go to it. */
async function ownerHeaders(database: Database, agentId: number): Promise<Record<string, string>> {
  const db = database.db;
  const [owner] = rowsOf<{ user_no: number }>(await db.execute(sql`SELECT owner_user_no::int AS user_no FROM agents WHERE agent_id = ${agentId}`));
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db.execute(sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at) VALUES (${sessionId}, ${owner!.user_no}, ${now}, ${now})`);
  const token = await (await loadTokens(db, systemClock)).sign('access', { sub: owner!.user_no, sid: sessionId }, 24 * 3600);
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

async function timedFetch(url: string, init: RequestInit): Promise<{ ms: number; load: number; bytes: number }> {
  const t = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms: performance.now() - t, load: load1(), bytes: body.length };
}

async function importStatement(s: Served, headers: Record<string, string>, agentId: number, rows: string[][]) {
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
  const database = await openBenchDatabase(kind);
  const world = await prepare(database, kind);
  const importerHeaders = new Map<number, Record<string, string>>();
  for (const a of world.importers) importerHeaders.set(a, await ownerHeaders(database, a));
  console.log(`[${kind}] seeded in ${world.seedSeconds.toFixed(1)} s`);
  const dbName = kind === 'postgres' ? rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`))[0]!.name : '';
  // PGlite: one process at a time holds the data directory. PostgreSQL: closing drops the bench's database, so that waits for the end.
  if (kind === 'pglite') await database.close();
  const env =
    kind === 'postgres'
      ? {
          DATABASE_URL: roleUrl(process.env.TEST_DATABASE_URL!, dbName, TEST_ROLES.app),
          MIGRATION_DATABASE_URL: roleUrl(process.env.TEST_DATABASE_URL!, dbName, TEST_ROLES.owner),
        }
      : { DATA_DIR: PGLITE_DIR };
  const result: ServedResult = { db: kind, measuredAt: new Date().toISOString(), seedSeconds: world.seedSeconds, http: {}, stale: {} };

  let served = await serveBuilt(env);
  try {
    const a = world.bigAgentId;
    const routes: [string, string, number, boolean][] = [
      ['tenancies', `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}`, 50, true],
      ['tenancies filtered', `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}&filterBy=Tenant_name&filterValue=chebet`, 50, true],
      ['client search', `/client/getclientbyProvideddetails?managingAgentId=${a}&searchOption=Full_name&searchValue=chebet`, 50, true],
      ['properties', `/properties/getAllPropertiesByAgentId?agentId=${a}`, 50, true],
      ['houses page', `/house/getallhouses`, 50, true],
      ['find house', `${API.findHouse.vacantHouses}?county=nairobi`, 50, true],
      ['dashboard money', `${API.dashboard.money}?managingAgentId=${a}`, 1, false],
      ['health', `/health`, 50, true],
    ];
    for (const [name, route, connections, withBare] of routes) {
      const url = `${served.base}/api${route}`;
      const res = await fetch(url, { headers: world.headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`${name}: ${res.status} ${body.slice(0, 200)}`);
      const app = await hammerFromOutside(url, connections, world.headers);
      let bare: Series | undefined;
      if (withBare) {
        const b = await bareProcess(body);
        try {
          bare = await hammerFromOutside(b.url, connections);
        } finally {
          await b.stop();
        }
      }
      const same = kind === 'postgres' ? aloneStatements(database.db, world)[name] : undefined;
      let alone: Alone | undefined;
      if (same) {
        await same();
        alone = { perSecond: [], load: [] };
        for (let i = 0; i < REPEATS; i++) {
          const before = load1();
          alone.perSecond.push(await throughput(same, connections, SECONDS));
          alone.load.push(Math.max(before, load1()));
        }
      }
      result.http[name] = { app, bare, bytes: Buffer.byteLength(body), connections, ...(alone ? { alone } : {}) };
      console.log(`[${kind}] ${name} @${connections}: p99 ${app.repeats.map((r) => r.p99).join('/')} ms, ${app.repeats.map((r) => r.rps).join('/')} req/s` +
        (bare ? `; bare ${bare.repeats.map((r) => r.rps).join('/')} req/s` : '') +
        (alone ? `; statements alone ${alone.perSecond.join('/')}/s` : ''));
    }
    if (kind === 'pglite') result.rssAfterLoadMb = served.rssMb();

    try {
      served = await staleScenario(kind, served, env, world, importerHeaders, result, dbName);
    } catch (error) {
      result.staleError = error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error);
      console.error(`[${kind}] the stale-statistics scenario stopped: ${result.staleError}`);
    }
    return result;
  } finally {
    await served.stop();
    if (kind === 'postgres') await database.close();
  }
}

/** Per route, the statements it sends for the bench's request, called as the app calls them (routes not listed are not measured alone). */
function aloneStatements(db: Db, w: World): Record<string, () => Promise<unknown>> {
  const a = w.bigAgentId;
  const page = { selection: { agentId: a, ended: false }, limit: SCREEN_PAGE_SIZE, offset: 0 } as const;
  return {
    tenancies: async () => {
      await findSessionStanding(db, w.sessionId, a);
      await listTenancies(db, page);
    },
    'tenancies filtered': async () => {
      await findSessionStanding(db, w.sessionId, a);
      await listTenancies(db, { ...page, filterBy: 'Tenant_name', filterValue: 'chebet' });
    },
    'client search': async () => {
      await findSessionStanding(db, w.sessionId, a);
      await searchClientsOfAgent(db, a, 'Full_name', 'chebet', CLIENT_SEARCH_LIMIT);
    },
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
  {
    // Stale statistics: bulk imports into the big agency (the statistics the
    // seed left describe none of them), then each operation timed as the app
    // left the statistics, then again after a manual ANALYZE.
    await setPaybill(served, world.headers, a, '600100');
    for (const [i, other] of world.importers.entries()) await setPaybill(served, importerHeaders.get(other)!, other, `60020${i}`);
    const bulk = { stale: empty(), fresh: empty(), rows: IMPORT_ROWS };
    for (let i = 0; i < BULK_IMPORTS; i++) {
      const r = await importStatement(served, world.headers, a, statementRows(world.tenancies.get(a)!, IMPORT_ROWS));
      bulk.stale.ms.push(r.ms);
      bulk.stale.load.push(r.load);
    }
    result.stale['bulk import into the big agency (10,000 rows each)'] = bulk;
    const ops = {
      receipts: () => timedFetch(`${served.base}/api${API.money.receiptsCsv}?agentId=${a}`, { headers: world.headers }),
      tenancies: () => timedFetch(`${served.base}/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${a}&pageSize=${SCREEN_PAGE_SIZE}&page=3`, { headers: world.headers }),
      statementCsv: () => timedFetch(`${served.base}/api${API.tenancies.csv}?managingAgentId=${a}`, { headers: world.headers }),
    };
    const names = { receipts: `receipts CSV (${BULK_IMPORTS * IMPORT_ROWS} receipts)`, tenancies: 'tenancies list page', statementCsv: 'tenancies CSV (10,000)' };
    const phase = async (which: 'stale' | 'fresh', importer: number) => {
      for (const [key, op] of Object.entries(ops) as [keyof typeof ops, () => Promise<{ ms: number; load: number }>][]) {
        const entry = (result.stale[names[key]] ??= { stale: empty(), fresh: empty(), rows: 0 });
        for (let i = 0; i < REPEATS; i++) {
          const r = await op();
          entry[which].ms.push(r.ms);
          entry[which].load.push(r.load);
        }
      }
      const entry = (result.stale['M-Pesa import of 10,000 rows'] ??= { stale: empty(), fresh: empty(), rows: IMPORT_ROWS });
      for (let i = 0; i < REPEATS; i++) {
        const r = await importStatement(served, importerHeaders.get(importer)!, importer, statementRows(world.tenancies.get(importer)!, IMPORT_ROWS));
        entry[which].ms.push(r.ms);
        entry[which].load.push(r.load);
      }
    };
    await phase('stale', world.importers[0]!);
    // The manual ANALYZE the goal compares with: as the administrator on
    // PostgreSQL; on PGlite the server holds the data directory, so it stops.
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
    for (const [k, v] of Object.entries(result.stale)) {
      const med = (t: Timed) => [...t.ms].sort((x, y) => x - y)[Math.floor(t.ms.length / 2)] ?? NaN;
      console.log(`[${kind}] ${k}: stale ${v.stale.ms.map((m) => m.toFixed(0)).join('/')} ms, fresh ${v.fresh.ms.map((m) => m.toFixed(0)).join('/')} ms (${(med(v.stale) / med(v.fresh)).toFixed(2)}×)`);
    }
  }
  return served;
}
