// Issue 21's statements measured alone, on the seeded 100,013 tenancies in
// PostgreSQL: the tenancies page through node-postgres with no app in front
// (the baseline the list goal compares the app with), as it was (an unnamed
// page and a count of the whole list) and as it is (named, the count bounded),
// at 50 callers sharing the app's pool of ten; and the dashboard's money
// figures for the 10,000-tenancy agency one request at a time, most in arrears
// beside the statement it replaced. The two versions alternate in the same
// minutes; three samples each, with the machine's load beside every one.
// `npm run statements --workspace @makazi/bench`; writes `statements` into
// results.json and renders RESULTS.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MOST_IN_ARREARS_LIMIT, monthStart, nextMonth } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../apps/server/src/db/database';
import { arrearsByAge, mostInArrears, occupancy, rentCollection } from '../apps/server/src/modules/dashboard/repository';
import { listTenancies } from '../apps/server/src/modules/tenancies/repository';
import { recordingPg } from '../apps/server/src/test/recording-pg';
import { openBenchDatabase, SCREEN_PAGE_SIZE, SHAPE, vacuumAsAdmin, type Timed } from './database-bench';
import { load1, REPEATS } from './http';
import { report, type Everything } from './report';
import { seed } from './seed';
import { WHY } from './why';

export interface Throughput {
  /** Calls answered per second in each sample. */
  perSecond: number[];
  load: number[];
}

export interface StatementsResult {
  measuredAt: string;
  callers: number;
  seconds: number;
  /** The tenancies page (20 rows) and its total through node-postgres alone. */
  tenanciesPage: { before: Throughput; after: Throughput };
  /** One request at a time, the 10,000-tenancy agency: the four together, each alone, and most in arrears as it was. */
  dashboard: {
    money: Timed;
    figures?: Record<string, Timed>;
    mostInArrears: Timed;
    mostInArrearsBefore: Timed;
    /** Arrears by age as it was before migration 0043: the window over the agency's journal rent lines. */
    arrearsByAgeBefore?: Timed;
    /** Rent collection as it was before migration 0047: every standing rent line of the agency with its transaction. */
    rentCollectionBefore?: Timed;
    /** Both versions for the seed's own month, when its 10,000 charges are the month's activity (the costliest month for the new one). */
    rentCollectionSeedMonth?: { before: Timed; after: Timed };
  };
  /** EXPLAIN (ANALYZE, BUFFERS) of arrears by age, before and now, taken after the samples. */
  explains?: Record<string, string>;
  /** How PostgreSQL planned the named list statements on one of the pool's connections, after the load. */
  plans?: { name: string; generic: number; custom: number }[];
}

const CALLERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DASHBOARD_CALLS = 5;

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

/** The median of a few sequential calls, in ms. */
async function perCall(fn: () => Promise<unknown>, calls: number) {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
}

/** The page as it was before decision 018: unnamed, and a count of every matching row on every full page. */
async function pageBefore(db: Db, agentId: number) {
  await db.execute(sql`
    SELECT t.tenancy_id, t.house_id, t.agent_id, t.client_no, c.full_name, c.email, c.phone_no,
           c.id_number AS client_id_number, t.id_number, t.employer, t.business, t.next_of_kin_name, t.next_of_kin_phone,
           p.property_name, h.house_number, p.town, p.area_estate, t.start_date, t.ended_at,
           t.rent_cents, t.deposit_cents, coalesce(b.balance_cents, 0)::bigint AS balance,
           coalesce(b.deposit_due_cents, 0)::bigint AS deposit_due, coalesce(b.deposit_held_cents, 0)::bigint AS deposit_held,
           coalesce(b.charges_due_cents, 0)::bigint AS charges_due,
           (SELECT agent_name FROM agents a WHERE a.agent_id = t.agent_id) AS agent_name,
           (SELECT bc.full_name FROM users bu JOIN clients bc ON bc.client_no = bu.client_no WHERE bu.user_no = t.booked_by) AS booked_by
    FROM tenancies t
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL
    ORDER BY t.tenancy_id DESC
    LIMIT ${SCREEN_PAGE_SIZE} OFFSET 0`);
  await db.execute(sql`SELECT count(*)::int AS total FROM tenancies t WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL`);
}

/** Most in arrears as it was before migration 0037: every agency's balances joined to tenancies first. */
async function mostInArrearsBefore(db: Db, agentId: number) {
  await db.execute(sql`
    SELECT t.tenancy_id, c.full_name, p.property_name, h.house_number, t.rent_cents, t.ended_at,
           (b.balance_cents - b.deposit_due_cents)::bigint AS rent_arrears, b.deposit_due_cents, b.charges_due_cents
    FROM tenancy_balances b
    JOIN tenancies t ON t.tenancy_id = b.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    WHERE t.agent_id = ${agentId} AND b.balance_cents - b.deposit_due_cents > 0
    ORDER BY rent_arrears DESC, t.tenancy_id
    LIMIT ${MOST_IN_ARREARS_LIMIT}`);
}

/** Arrears by age as it was before migration 0043: every standing rent line of the agency, its tenancy's start date, then first in first out. */
function arrearsByAgeBeforeSql(agentId: number, today: string) {
  return sql`
    WITH rent AS (
      SELECT j.txn_id, j.tenancy_id, j.charge_month, j.posted_at, l.debit_cents, l.credit_cents
      FROM journal_transactions j
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.agent_id = j.agent_id AND l.account = 'tenant' AND l.sub_account = 'rent'
      WHERE j.agent_id = ${agentId} AND j.kind <> 'reversal'
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
    ),
    credits AS (SELECT tenancy_id, sum(credit_cents) AS paid FROM rent GROUP BY tenancy_id),
    charges AS (
      SELECT r.tenancy_id, r.debit_cents AS amount,
             sum(r.debit_cents) OVER (PARTITION BY r.tenancy_id ORDER BY d.due, r.txn_id) AS running,
             ${today}::date - d.due AS age
      FROM rent r
      JOIN tenancies t ON t.tenancy_id = r.tenancy_id
      CROSS JOIN LATERAL (
        SELECT coalesce(greatest(r.charge_month, ((t.start_date AT TIME ZONE 'UTC') + interval '3 hours')::date),
                        ((r.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date) AS due) d
      WHERE r.debit_cents > 0
    ),
    unpaid AS (
      SELECT c.tenancy_id, c.age, least(c.amount, greatest(c.running - coalesce(p.paid, 0), 0)) AS cents
      FROM charges c LEFT JOIN credits p ON p.tenancy_id = c.tenancy_id
    ),
    banded AS (
      SELECT tenancy_id, cents, CASE WHEN age <= 30 THEN 0 WHEN age <= 60 THEN 1 WHEN age <= 90 THEN 2 ELSE 3 END AS band
      FROM unpaid WHERE cents > 0
    )
    SELECT b.band, coalesce(sum(u.cents), 0)::bigint AS cents, count(DISTINCT u.tenancy_id)::int AS tenancies
    FROM generate_series(0, 3) AS b(band) LEFT JOIN banded u ON u.band = b.band
    GROUP BY b.band ORDER BY b.band`;
}

/** Rent collection as it was before migration 0047: every standing rent line of the agency posted before the month's end, with its transaction and the reversal check. */
function rentCollectionBeforeSql(agentId: number, month: string) {
  const from = monthStart(month);
  const to = monthStart(nextMonth(month));
  return sql`
    WITH rent AS (
      SELECT j.tenancy_id,
             coalesce(sum(l.debit_cents) FILTER (WHERE j.kind = 'rent_charge' AND j.charge_month = ${month}), 0) AS due_now,
             coalesce(sum(l.debit_cents) FILTER (WHERE coalesce(j.charge_month < ${month}, j.posted_at < ${from})), 0) AS due_before,
             coalesce(sum(l.credit_cents) FILTER (WHERE j.kind = 'receipt' AND j.posted_at >= ${from}), 0) AS received_now,
             coalesce(sum(l.credit_cents) FILTER (WHERE NOT (j.kind = 'receipt' AND j.posted_at >= ${from})), 0) AS credited_before
      FROM journal_transactions j
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.agent_id = j.agent_id AND l.account = 'tenant' AND l.sub_account = 'rent'
      WHERE j.agent_id = ${agentId} AND j.posted_at < ${to} AND j.kind <> 'reversal'
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
      GROUP BY j.tenancy_id
    )
    SELECT coalesce(sum(due_now), 0)::bigint AS charged,
           coalesce(sum(least(greatest(due_now - greatest(credited_before - due_before, 0), 0),
                              greatest(received_now - greatest(due_before - credited_before, 0), 0))), 0)::bigint AS collected
    FROM rent`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, its values written in (numbers, dates and instants only here). */
async function explainText(db: Db, text: string, params: unknown[]) {
  const literal = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  const inlined = text.replace(/\$(\d+)/g, (_, i: string) => `'${literal(params[Number(i) - 1]).replace(/'/g, "''")}'`);
  const rows = rowsOf<Record<string, string>>(await db.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inlined}`)));
  return rows.map((r) => Object.values(r)[0]).join('\n');
}
const explain = (db: Db, query: ReturnType<typeof sql>) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return explainText(db, text, params);
};
/** The statement a repository function sends, as it sends it, under EXPLAIN. */
async function explainSent(db: Db, fn: (recorder: Db) => Promise<unknown>) {
  const { db: recorder, sent } = recordingPg(() => []);
  await fn(recorder).catch(() => undefined);
  return explainText(db, sent[0]!.text, sent[0]!.values);
}

export async function measureStatements(): Promise<StatementsResult> {
  const database = await openBenchDatabase('postgres');
  try {
    await database.migrate();
    const { bigAgentId } = await seed(database.db, SHAPE);
    await vacuumAsAdmin(database);
    const db = database.db;
    const [row] = rowsOf<{ month: string; today: string }>(
      await db.execute(sql`SELECT date_trunc('month', now())::date::text AS month, now()::date::text AS today`),
    );
    const seedMonth = SHAPE.firstMonth;
    const pageAfter = () => listTenancies(db, { selection: { agentId: bigAgentId, ended: false }, limit: SCREEN_PAGE_SIZE, offset: 0 });
    const figures: Record<string, () => Promise<unknown>> = {
      'rent collection': () => rentCollection(db, bigAgentId, row!.month),
      'arrears by age': () => arrearsByAge(db, bigAgentId, row!.today),
      'most in arrears': () => mostInArrears(db, bigAgentId),
      occupancy: () => occupancy(db, bigAgentId),
    };
    const money = async () => {
      for (const figure of Object.values(figures)) await figure();
    };
    // Warm-up: the first plans and the pool's connections are not what a user waits for.
    await Promise.all([pageBefore(db, bigAgentId), pageAfter(), money(), mostInArrearsBefore(db, bigAgentId)]);

    const t = { before: { perSecond: [], load: [] } as Throughput, after: { perSecond: [], load: [] } as Throughput };
    const d = {
      money: emptyTimed(),
      mostInArrears: emptyTimed(),
      mostInArrearsBefore: emptyTimed(),
      arrearsByAgeBefore: emptyTimed(),
      rentCollectionBefore: emptyTimed(),
      rentCollectionSeedMonth: { before: emptyTimed(), after: emptyTimed() },
    };
    const arrearsBefore = () => db.execute(arrearsByAgeBeforeSql(bigAgentId, row!.today));
    const collectionBefore = (month: string) => db.execute(rentCollectionBeforeSql(bigAgentId, month));
    // Rent collection's two versions must agree, this month and the seed's, before either is timed.
    for (const month of [row!.month, seedMonth]) {
      const [old] = rowsOf<{ charged: string; collected: string }>(await collectionBefore(month));
      const now = await rentCollection(db, bigAgentId, month);
      if (Number(old!.charged) !== now.charged || Number(old!.collected) !== now.collected) {
        throw new Error(`rent collection for ${month} differs: before ${JSON.stringify(old)}, now ${JSON.stringify(now)}`);
      }
    }
    // The two must agree on the seed before either is timed.
    const [was, now] = [rowsOf<{ band: number; cents: string; tenancies: number }>(await arrearsBefore()), await arrearsByAge(db, bigAgentId, row!.today)];
    const owing = was.filter((b) => Number(b.cents) > 0).map((b) => ({ band: Number(b.band), cents: Number(b.cents), tenancies: Number(b.tenancies) }));
    if (JSON.stringify(owing) !== JSON.stringify(now)) throw new Error(`arrears by age differ: before ${JSON.stringify(owing)}, now ${JSON.stringify(now)}`);
    const each: Record<string, Timed> = Object.fromEntries(Object.keys(figures).map((k) => [k, emptyTimed()]));
    for (let i = 0; i < REPEATS; i++) {
      for (const [which, fn] of [['before', () => pageBefore(db, bigAgentId)], ['after', pageAfter]] as const) {
        const before = load1();
        t[which].perSecond.push(await throughput(fn, CALLERS, SECONDS));
        t[which].load.push(Math.max(before, load1()));
      }
      for (const [which, fn] of [
        ['money', money],
        ['mostInArrears', () => mostInArrears(db, bigAgentId)],
        ['mostInArrearsBefore', () => mostInArrearsBefore(db, bigAgentId)],
        ['arrearsByAgeBefore', arrearsBefore],
        ['rentCollectionBefore', () => collectionBefore(row!.month)],
      ] as const) {
        d[which].ms.push(await perCall(fn, DASHBOARD_CALLS));
        d[which].load.push(load1());
      }
      for (const [which, fn] of [
        ['before', () => collectionBefore(seedMonth)],
        ['after', () => rentCollection(db, bigAgentId, seedMonth)],
      ] as const) {
        d.rentCollectionSeedMonth[which].ms.push(await perCall(fn, DASHBOARD_CALLS));
        d.rentCollectionSeedMonth[which].load.push(load1());
      }
      for (const [name, fn] of Object.entries(figures)) {
        each[name]!.ms.push(await perCall(fn, DASHBOARD_CALLS));
        each[name]!.load.push(load1());
      }
      console.log(`sample ${i + 1}: page ${t.before.perSecond.at(-1)} → ${t.after.perSecond.at(-1)}/s; money ${d.money.ms.at(-1)!.toFixed(0)} ms; most in arrears ${d.mostInArrearsBefore.ms.at(-1)!.toFixed(1)} → ${d.mostInArrears.ms.at(-1)!.toFixed(1)} ms; rent collection ${d.rentCollectionBefore.ms.at(-1)!.toFixed(1)} → ${each['rent collection']!.ms.at(-1)!.toFixed(1)} ms (seed's month ${d.rentCollectionSeedMonth.before.ms.at(-1)!.toFixed(1)} → ${d.rentCollectionSeedMonth.after.ms.at(-1)!.toFixed(1)} ms) [load ${load1()}]`);
    }
    const plans = rowsOf<{ name: string; generic: string; custom: string }>(
      await db.execute(sql`SELECT name, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name LIKE 'tenancies_%' ORDER BY name`),
    ).map((p) => ({ name: p.name, generic: Number(p.generic), custom: Number(p.custom) }));
    const explains = {
      'arrears by age, before (the journal)': await explain(db, arrearsByAgeBeforeSql(bigAgentId, row!.today)),
      'arrears by age, now (kept rent charges)': await explainSent(db, (recorder) => arrearsByAge(recorder, bigAgentId, row!.today)),
      'rent collection, before (the journal)': await explain(db, rentCollectionBeforeSql(bigAgentId, row!.month)),
      'rent collection, now (the month\'s kept rent lines)': await explainSent(db, (recorder) => rentCollection(recorder, bigAgentId, row!.month)),
      [`rent collection for the seed's month ${seedMonth.slice(0, 7)}, now`]: await explainSent(db, (recorder) => rentCollection(recorder, bigAgentId, seedMonth)),
    };
    for (const [name, plan] of Object.entries(explains)) console.log(`EXPLAIN ${name}:\n${plan}`);
    return { measuredAt: new Date().toISOString(), callers: CALLERS, seconds: SECONDS, tenanciesPage: t, dashboard: { ...d, figures: each }, plans, explains };
  } finally {
    await database.close();
  }
}

const emptyTimed = (): Timed => ({ ms: [], load: [] });

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const resultsFile = path.join(import.meta.dirname, 'results.json');
  const measured = await measureStatements();
  const saved = JSON.parse(await readFile(resultsFile, 'utf8')) as Everything;
  saved.statements = measured;
  await writeFile(resultsFile, JSON.stringify(saved, null, 2) + '\n');
  await writeFile(path.join(import.meta.dirname, 'RESULTS.md'), report(saved, WHY) + '\n');
  process.exit(0);
}
