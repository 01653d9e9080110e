import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

// statementsTakeTurns wraps a private PGlite method. An upgrade that renames it,
// changes its shape or stops routing queries through it must fail here, not
// quietly bring back the stalls of issue 21; the version is pinned exactly, so
// such an upgrade is a deliberate edit of apps/server/package.json.
describe('the PGlite method statementsTakeTurns relies on', () => {
  it('is the pinned version of PGlite that is installed', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const pinned = manifest.dependencies['@electric-sql/pglite'];
    expect(pinned, 'apps/server/package.json pins PGlite to one exact version').toMatch(/^\d+\.\d+\.\d+$/);
    // The package exports no package.json: its manifest is found above its entry point.
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const installed = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(installed.name).toBe('@electric-sql/pglite');
    expect(installed.version).toBe(pinned);
  });

  it('has _runExclusiveQuery(fn) answering fn\'s result, and every query passes through it', async () => {
    const exclusive = (PGlite.prototype as unknown as Record<string, unknown>)._runExclusiveQuery;
    expect(typeof exclusive).toBe('function');
    expect((exclusive as (...args: unknown[]) => unknown).length).toBe(1);
    const client = await openClient();
    try {
      await expect(client._runExclusiveQuery(async () => 'answer')).resolves.toBe('answer');
      const original = client._runExclusiveQuery.bind(client);
      let passed = 0;
      client._runExclusiveQuery = <T>(work: () => Promise<T>) => {
        passed++;
        return original(work);
      };
      await client.query('SELECT 1');
      await client.exec('SELECT 2');
      await client.transaction(async (tx) => {
        await tx.query('SELECT 3');
      });
      expect(passed, 'query, exec and a transaction each take the exclusive query lock').toBeGreaterThanOrEqual(3);
    } finally {
      await client.close();
    }
  });
});
