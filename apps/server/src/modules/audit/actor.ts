import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/database';

/** The request a database write is made for: who, for which account, in which role, from where. */
const requests = new AsyncLocalStorage<FastifyRequest>();

export interface Actor {
  userNo: number | null;
  agentId: number | null;
  role: number | null;
  ip: string;
}

export function currentActor(): Actor | undefined {
  const request = requests.getStore();
  if (!request) return undefined;
  return {
    userNo: request.caller?.userNo ?? null,
    agentId: request.agentScope?.agentId ?? null,
    role: request.agentScope?.role ?? null,
    ip: request.ip,
  };
}

/**
 * Every transaction opened while a request is served first tells the
 * database who acts (transaction-local `makazi.actor`), which the audit_change
 * trigger writes beside each change. Read when the transaction opens, so the
 * sign-in and account checks of the request have run by then.
 */
export function registerAuditActor(app: FastifyInstance, database: Pick<Database, 'db' | 'attributeWrites'>) {
  const db = database.db;
  app.addHook('onRequest', (request, _reply, done) => requests.run(request, done));
  // A single-statement write made outside a transaction is wrapped in one that says who acts.
  database.attributeWrites(() => {
    const actor = currentActor();
    return actor ? JSON.stringify(actor) : undefined;
  });
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    open(async (tx) => {
      const actor = currentActor();
      if (actor) await tx.execute(sql`SELECT set_config('makazi.actor', ${JSON.stringify(actor)}, true)`);
      return work(tx);
    }, config)) as Db['transaction'];
}
