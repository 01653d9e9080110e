import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { testDatabaseKind } from '../test/database';
import { withAdmin } from '../test/postgres-admin';
import { rowsOf } from './database';

/**
 * A connection PostgreSQL drops while the app holds it for a transaction: the
 * transaction fails, and the process hears the client's 'error' event instead
 * of dying of it (an unheard 'error' event is an uncaught exception).
 */
describe.runIf(testDatabaseKind === 'postgres')('a connection lost inside a transaction', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('fails that transaction only; the error is heard and the next request is served', async () => {
    const heard: Error[] = [];
    app.database.onConnectionError?.((error) => heard.push(error));
    const transaction = app.database.db.transaction(async (tx) => {
      const pid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
      await withAdmin(process.env.TEST_DATABASE_URL!, (admin) => admin.query('SELECT pg_terminate_backend($1)', [pid]));
      // The client is checked out and between queries when its connection ends.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(heard.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
