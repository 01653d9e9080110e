import type { PGlite } from '@electric-sql/pglite';

// Taken when the module loads: a test's fake timers must not stop the database.
const realSetImmediate = globalThis.setImmediate;
const nextTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/**
 * PGlite runs each statement synchronously on the server's own thread, and
 * its queue hands the executor to the next statement in a microtask. Under
 * load, statement after statement then ran without the event loop once
 * reaching its I/O: a new connection was neither accepted nor read until the
 * queue ran dry. At fifty clients the first request on each new connection
 * waited up to 5 s while requests on open connections took 0.5 s (issue 21).
 * Each statement now starts on a fresh turn of the event loop, after the I/O
 * that is waiting, so requests join the queue in the order they arrive.
 */
export function statementsTakeTurns(client: PGlite): PGlite {
  const exclusive = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(work: () => Promise<T>) =>
    exclusive(async () => {
      await nextTurn();
      return work();
    });
  return client;
}
