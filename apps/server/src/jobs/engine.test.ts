import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { openTestDatabase } from '../test/database';
import { backoffSeconds, jobEngine, type JobDefinition } from './engine';
import * as repo from './repository';

let database: Database;
const clock = manualClock(new Date('2027-03-01T10:00:00Z'));
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const engines: ReturnType<typeof jobEngine>[] = [];

function engine(definitions: JobDefinition[], options: { workers?: boolean; stopBoundMs?: number } = {}) {
  // A long poll: each test looks by hand with runDue(), so what ran is what it asked for.
  const e = jobEngine({ db: database.db, clock, log, workers: options.workers ?? true, pollMs: 3_600_000, stopBoundMs: options.stopBoundMs ?? 1_000 });
  for (const d of definitions) e.define(d);
  engines.push(e);
  return e;
}

async function jobRows(name: string) {
  const result = await database.db.execute(sql`
    SELECT attempts, last_error, run_at, locked_by, finished_at, failed FROM jobs WHERE name = ${name} ORDER BY job_id`);
  return rowsOf<{ attempts: number; last_error: string | null; run_at: Date | string; locked_by: string | null; finished_at: Date | string | null; failed: boolean }>(result);
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
  clock.set(new Date('2027-03-01T10:00:00Z'));
});

describe('the jobs engine', () => {
  it('runs a due job once when two engines look at the same time', async () => {
    let runs = 0;
    const job = { name: 'once-test', run: async () => void runs++ };
    const [a, b] = [engine([job]), engine([job])];
    await a.enqueue('once-test');
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    expect(await jobRows('once-test')).toMatchObject([{ attempts: 1, last_error: null, locked_by: null }]);
  });

  it('runs a job again when the process that claimed it died and its lease ran out', async () => {
    let runs = 0;
    const job = { name: 'lease-test', leaseSeconds: 60, run: async () => void runs++ };
    const survivor = engine([job]);
    await survivor.enqueue('lease-test');
    // A process claims it and dies before finishing: nothing gives the job back but the lease running out.
    expect(await repo.claim(database.db, { leases: new Map([['lease-test', 60]]), worker: 'killed', now: clock.now() })).not.toBeNull();
    expect(await survivor.runDue()).toBe(0);
    clock.advance(59_000);
    expect(await survivor.runDue()).toBe(0);
    clock.advance(2_000);
    expect(await survivor.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRows('lease-test')).toMatchObject([{ attempts: 2, locked_by: null, finished_at: expect.anything() }]);
  });

  it('backs a failing job off, keeps its error, and fails it for good after its last try', async () => {
    let runs = 0;
    const e = engine([{ name: 'failing-test', run: async () => { runs++; throw new Error(`provider down (${runs})`); } }]);
    await e.enqueue('failing-test', {}, { maxAttempts: 2 });
    expect(await e.runDue()).toBe(1);
    const [first] = await jobRows('failing-test');
    expect(first).toMatchObject({ attempts: 1, last_error: 'provider down (1)', finished_at: null, failed: false });
    expect(new Date(first!.run_at).getTime()).toBe(clock.now().getTime() + backoffSeconds(1) * 1000);
    clock.advance(backoffSeconds(1) * 1000 - 1_000);
    expect(await e.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await e.runDue()).toBe(1);
    expect(await jobRows('failing-test')).toMatchObject([{ attempts: 2, last_error: 'provider down (2)', failed: true, finished_at: expect.anything() }]);
    clock.advance(3_600_000);
    expect(await e.runDue()).toBe(0);
    expect(runs).toBe(2);
    expect(backoffSeconds(2)).toBe(2 * backoffSeconds(1));
    expect(backoffSeconds(30)).toBe(3600);
  });

  it('runs nothing in a process with WORKERS=0', async () => {
    let runs = 0;
    const e = engine([{ name: 'web-only-test', every: { seconds: 60 }, run: async () => void runs++ }], { workers: false });
    await e.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(0);
    expect(rowsOf(await database.db.execute(sql`SELECT 1 FROM job_schedules WHERE name = 'web-only-test'`))).toHaveLength(0);
    expect(await jobRows('web-only-test')).toHaveLength(0);
  });

  it('fires a schedule once per period whichever of two processes looks', async () => {
    const ran: string[] = [];
    const job = (who: string): JobDefinition => ({ name: 'schedule-test', every: { seconds: 900, offsetSeconds: 300 }, run: async () => void ran.push(who) });
    clock.set(new Date('2027-03-01T10:04:00Z'));
    const [a, b] = [engine([job('a')]), engine([job('b')])];
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(1); // the 09:50 period, caught up at start
    clock.set(new Date('2027-03-01T10:04:59Z'));
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(1);
    clock.set(new Date('2027-03-01T10:05:00Z'));
    await Promise.all([b.runDue(), a.runDue()]);
    expect(ran).toHaveLength(2);
    clock.set(new Date('2027-03-01T10:19:00Z'));
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(ran).toHaveLength(2);
    const periods = rowsOf<{ due_at: Date | string }>(await database.db.execute(sql`SELECT due_at FROM jobs WHERE name = 'schedule-test' ORDER BY due_at`));
    expect(periods.map((p) => new Date(p.due_at).toISOString())).toEqual(['2027-03-01T09:50:00.000Z', '2027-03-01T10:05:00.000Z']);
  });

  it('on stop, claims nothing more, waits for the handler running (bounded) and gives its job back', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const hanging = { name: 'stop-test', run: () => new Promise<void>((resolve) => { runs++; release = resolve; }) };
    const e = engine([hanging], { stopBoundMs: 50 });
    await e.enqueue('stop-test');
    await e.enqueue('stop-test');
    void e.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    await e.stop();
    expect(await jobRows('stop-test')).toMatchObject([{ locked_by: null, finished_at: null }, { locked_by: null, attempts: 0 }]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
    const other = engine([{ name: 'stop-test', run: async () => void runs++ }]);
    expect(await other.runDue()).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('per-agency work on PostgreSQL', () => {
  it('skips an agency whose lock another process holds instead of waiting for it', async () => {
    let inside: () => void = () => undefined;
    let leave: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const holder = database.db.transaction(async (tx) => {
      expect(await repo.tryAgencyLock(tx, 7_204_699, 42)).toBe(true);
      inside();
      await new Promise<void>((resolve) => (leave = resolve));
    });
    await entered;
    expect(await database.db.transaction((tx) => repo.tryAgencyLock(tx, 7_204_699, 42))).toBe(false);
    expect(await database.db.transaction((tx) => repo.tryAgencyLock(tx, 7_204_699, 43))).toBe(true);
    leave();
    await holder;
    expect(await database.db.transaction((tx) => repo.tryAgencyLock(tx, 7_204_699, 42))).toBe(true);
  });
});
