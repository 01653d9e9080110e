import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './db/database';
import { createTestApp } from './test/app';

async function settled(app: Awaited<ReturnType<typeof createTestApp>>) {
  for (let i = 0; i < 100; i++) {
    const result = await app.database.db.execute(sql`
      SELECT s.name, j.finished_at IS NOT NULL AS finished, j.failed, j.last_error
      FROM job_schedules s LEFT JOIN jobs j ON j.name = s.name ORDER BY s.name`);
    const rows = rowsOf<{ name: string; finished: boolean; failed: boolean; last_error: string | null }>(result);
    if (rows.length && rows.every((r) => r.finished)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the background jobs did not finish');
}

describe("the app's background work", () => {
  it('is every recurring task on the engine, each run once at start by a worker process', async () => {
    const app = await createTestApp({ workers: true, recoverStk: true });
    try {
      await app.jobs.start();
      expect(await settled(app)).toEqual(
        [
          'automatic-invoicing',
          'data-protection-retention',
          'etims-send',
          'mpesa-payouts-recovery',
          'mpesa-pull',
          'penalties-reminders-rent-reviews',
          'rate-limit-prune',
          'receipt-notices-retry',
          'stk-recovery',
        ].map((name) => ({ name, finished: true, failed: false, last_error: null })),
      );
    } finally {
      await app.close();
    }
  });

  it('runs nothing in a web-only process (WORKERS=0)', async () => {
    const app = await createTestApp({ workers: false, recoverStk: true });
    try {
      await app.jobs.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rowsOf(await app.database.db.execute(sql`SELECT name FROM job_schedules UNION ALL SELECT name FROM jobs`))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
