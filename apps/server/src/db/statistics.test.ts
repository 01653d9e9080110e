import { API } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { getCsv, withQuery } from '../test/csv';
import { agencyWithOwner, bookOk, estate, type Agency } from '../test/estate';
import { setPaybill, statement } from '../test/mpesa';
import { statementCsv, type StatementLine } from '../test/statement-csv';
import { rowsOf } from './database';
import { statisticsKeeper } from './statistics';

const PAYMENTS = 2_000;
let app: FastifyInstance;
let agency: Agency;
let tenancies: number[];
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '0' });
  tenancies = [];
  for (const houseId of place.houseIds) tenancies.push(await bookOk(app, agency, houseId, await place.tenant()));
  await setPaybill(app, agency);
});
afterAll(() => app.close());

/** What the planner believes a table holds: -1 (PostgreSQL 14+) or 0 until it was first analysed. */
const plannerRows = async (table: string) =>
  Number(rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table}`))[0]!.n);

const keeper = () => statisticsKeeper({ db: app.database.db, kind: 'postgres', log: { warn: () => undefined, debug: () => undefined } });

describe('statistics kept fresh after bulk writes', () => {
  it('a statement import of 2,000 payments leaves the planner knowing them, and the receipts export that follows stays fast', async () => {
    expect(await plannerRows('mpesa_payments')).toBeLessThan(PAYMENTS / 2);
    const at = new Date('2025-01-10T07:00:00Z');
    const lines: StatementLine[] = Array.from({ length: PAYMENTS }, (_, i) => ({
      receiptNo: `SBF${String(i).padStart(7, '0')}`,
      at: new Date(at.getTime() + i * 1000),
      paidIn: '100.00',
      account: String(tenancies[i % 2]),
    }));
    const done = await statement(app, agency, 'import', statementCsv(lines));
    expect(done.json()).toMatchObject({ Posted: PAYMENTS, Unmatched: 0 });

    expect(await plannerRows('mpesa_payments')).toBeGreaterThanOrEqual(PAYMENTS * 0.9);
    expect(await plannerRows('journal_lines')).toBeGreaterThanOrEqual(PAYMENTS * 2 * 0.9);

    const started = performance.now();
    const csv = await getCsv(app, agency, withQuery(`/api${API.money.receiptsCsv}`, { agentId: agency.agentId }));
    const ms = performance.now() - started;
    expect(csv.status).toBe(200);
    expect(csv.rows).toHaveLength(PAYMENTS);
    // Freshly analysed, 2,000 receipts export in well under a second; planned on
    // an empty table's statistics the nested loops take many times that.
    expect(ms).toBeLessThan(5_000);
  });

  it('leaves a table alone until what changed passes autovacuum threshold, then analyses it', async () => {
    const statistics = keeper();
    // The import's row counts reach the statistics a moment after it commits (a backend sends them at most once a
    // second): the table is analysed until they have arrived, so it starts with nothing changed since.
    for (let tries = 0; tries < 50; tries++) {
      await app.database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
      await statistics.afterBulkWrite(['mpesa_payments'], PAYMENTS);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = rowsOf<{ changed: number }>(
        await app.database.db.execute(sql`SELECT n_mod_since_analyze::int AS changed FROM pg_stat_user_tables WHERE relname = 'mpesa_payments'`),
      );
      if (row?.changed === 0) break;
    }
    expect(await statistics.afterBulkWrite(['mpesa_payments'], 3)).toEqual([]);
    expect(await statistics.afterBulkWrite(['mpesa_payments'], PAYMENTS)).toEqual(['mpesa_payments']);
    expect(await statistics.afterBulkWrite([], PAYMENTS)).toEqual([]);
    expect(await statistics.afterBulkWrite(['no_such_table'], PAYMENTS)).toEqual([]);
  });

  it('analyses in the background when asked, and stopping waits for it', async () => {
    let finished = false;
    const statistics = statisticsKeeper({
      db: {
        execute: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          finished = true;
          return { rows: [{ analysed: ['journal_lines'] }] };
        },
      } as never,
      kind: 'postgres',
      log: { warn: () => undefined, debug: () => undefined },
    });
    statistics.afterBulkWriteInBackground(['journal_lines'], PAYMENTS);
    expect(finished).toBe(false);
    await statistics.stop();
    expect(finished).toBe(true);
  });

  it('on PGlite, which has no autovacuum, looks for stale tables soon after start, not only every five minutes', async () => {
    const asked: unknown[] = [];
    const fake = (kind: 'pglite' | 'postgres') =>
      statisticsKeeper({
        db: {
          execute: async (query: unknown) => {
            asked.push(query);
            return { rows: [{ analysed: [] }] };
          },
        } as never,
        kind,
        log: { warn: () => undefined, debug: () => undefined },
        firstCheckMs: 10,
      });
    const pglite = fake('pglite');
    const postgres = fake('postgres');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([pglite.stop(), postgres.stop()]);
    // One check, by PGlite's keeper; PostgreSQL's own autovacuum needs none.
    expect(asked).toHaveLength(1);
  });

  it('never fails the write it follows: a broken statistics call is logged, not thrown', async () => {
    const warned: object[] = [];
    const statistics = statisticsKeeper({
      db: { execute: () => Promise.reject(new Error('connection lost')) } as never,
      kind: 'postgres',
      log: { warn: (o) => warned.push(o), debug: () => undefined },
    });
    expect(await statistics.afterBulkWrite(['journal_lines'], PAYMENTS)).toEqual([]);
    expect(warned).toHaveLength(1);
  });
});
