import { describe, expect, it } from 'vitest';
import { runPgliteTemplate } from '../test/database';
import { createPgliteClient } from './database';

async function openClient() {
  const template = await runPgliteTemplate();
  return createPgliteClient(template ? { loadDataDir: template } : {});
}

describe('PGlite statements take turns with the I/O waiting', () => {
  it('lets a callback queued behind twenty statements run after the first, not after the twentieth', async () => {
    const client = await openClient();
    try {
      let done = 0;
      // A connection accepted or a request read while the statements queue: both arrive as callbacks like this one.
      let doneWhenIoRan = -1;
      const statements = Array.from({ length: 20 }, () => client.query('SELECT 1').then(() => done++));
      setImmediate(() => (doneWhenIoRan = done));
      await Promise.all(statements);
      expect(done).toBe(20);
      expect(doneWhenIoRan).toBeGreaterThanOrEqual(0);
      expect(doneWhenIoRan).toBeLessThanOrEqual(2);
    } finally {
      await client.close();
    }
  });

  it('keeps a transaction whole: no other statement runs between its own while it yields', async () => {
    const client = await openClient();
    try {
      await client.exec('CREATE TABLE turns (n int)');
      const order: string[] = [];
      await Promise.all([
        client.transaction(async (tx) => {
          await tx.query('INSERT INTO turns VALUES (1)');
          order.push('tx first');
          await tx.query('INSERT INTO turns VALUES (2)');
          order.push('tx second');
        }),
        client
          .query('SELECT count(*)::int AS n FROM turns')
          .then((r) => order.push(`outside saw ${(r.rows[0] as { n: number }).n}`)),
      ]);
      expect(order).toEqual(['tx first', 'tx second', 'outside saw 2']);
    } finally {
      await client.close();
    }
  });
});
