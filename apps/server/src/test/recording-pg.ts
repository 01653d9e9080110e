import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../db/database';

export interface SentStatement {
  name: string | undefined;
  text: string;
  values: unknown[];
}

/**
 * drizzle over node-postgres with the pool replaced: every statement's config
 * (its name, text and values) is kept, and `answer` gives the rows it returns.
 * What the app asks of PostgreSQL, checked without a server.
 */
export function recordingPg(answer: (statement: SentStatement) => unknown[] = () => []) {
  const sent: SentStatement[] = [];
  const client = {
    query: (config: { name?: string; text: string }, values: unknown[]) => {
      const statement = { name: config.name, text: config.text, values };
      sent.push(statement);
      return Promise.resolve({ rows: answer(statement), fields: [], rowCount: 0, command: 'SELECT' });
    },
  };
  return { db: drizzle({ client: client as unknown as pg.Pool }) as unknown as Db, sent };
}
