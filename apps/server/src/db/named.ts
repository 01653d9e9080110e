import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';

/** The parts of drizzle's database handle a named statement goes through (public on the class, not in its types). */
interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Runs a hot read as a named statement: node-postgres prepares it once per
 * connection and PostgreSQL keeps its plan, instead of parsing and planning
 * the text afresh on every request. A name must always mean one text (the
 * driver refuses a name reused for another), and the lists build their text
 * from their filters, so the name carries a hash of the text. PGlite runs one
 * statement at a time in-process and ignores the name.
 */
export function executeNamed(db: DbOrTx, prefix: string, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, statementName(prefix, built.sql), false).execute();
}

export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
}

/** A query built with drizzle's builder, which prepares itself under a name. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/** `executeNamed` for a query built with drizzle's builder: its rows mapped as the builder maps them. */
export function runNamed<T>(prefix: string, query: Preparable<T>): Promise<T> {
  return query.prepare(statementName(prefix, query.toSQL().sql)).execute();
}
