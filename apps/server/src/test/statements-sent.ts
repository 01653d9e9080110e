import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Tx } from '../db/database';

/**
 * The statements sent inside the transactions `during` opens, as text: an
 * import of any size should level its tenancies in a fixed number of them.
 */
export async function statementsOf(app: FastifyInstance, during: () => Promise<unknown>): Promise<string[]> {
  const db = app.database.db;
  const sent: string[] = [];
  const transaction = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation(((work: (tx: Tx) => Promise<unknown>, config?: unknown) =>
    transaction((tx) => {
      const execute = tx.execute.bind(tx);
      const counted = Object.assign(Object.create(tx) as Tx, {
        execute: (query: SQL) => {
          sent.push(query.queryChunks.map((c) => (c && typeof c === 'object' && 'value' in c && Array.isArray(c.value) ? c.value.join('') : '?')).join(''));
          return execute(query);
        },
      });
      return work(counted);
    }, config as never)) as typeof db.transaction);
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return sent;
}
