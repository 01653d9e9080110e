import { and, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { normalisePhone, type ClientSearchOption, type Language } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/like';
import { runNamed } from '../../db/named';
import { agents, clients } from '../../db/schema';

export const clientColumns = {
  ClientNo: clients.clientNo,
  Full_name: clients.fullName,
  First_name: clients.firstName,
  Last_name: clients.lastName,
  Email: clients.email,
  PhoneNo: clients.phoneNo,
  Id_number: clients.idNumber,
  Preferred_language: clients.preferredLanguage,
  Kra_pin: clients.kraPin,
};

/**
 * The clients an agent owns: those it captured, and on a landlord's own
 * account (self = 1) the owner themself. Nobody else's people: being named
 * as a landlord or booked as a tenant elsewhere gives no agency a claim on
 * a person (docs/decisions/003-ownership-of-people.md).
 */
export function ownedByAgent(agentId: number): SQL {
  return or(
    eq(clients.capturingAgentId, agentId),
    exists(
      sql`(SELECT 1 FROM ${agents} WHERE ${agents.agentId} = ${agentId} AND ${agents.self} = 1 AND ${agents.ownerClientNo} = ${clients.clientNo})`,
    ),
  )!;
}

export async function insertClient(db: DbOrTx, row: typeof clients.$inferInsert) {
  const [client] = await db.insert(clients).values(row).returning({ clientNo: clients.clientNo });
  return client!.clientNo;
}

/** A client the agent owns (see `ownedByAgent`): what it may read in full, name as landlord or book. */
export async function findOwnedClient(db: DbOrTx, agentId: number, clientNo: number) {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.clientNo, clientNo), ownedByAgent(agentId)));
  return row;
}

/** A client the agent captured: the only ones it may edit (a user's own record is theirs to edit). */
export async function findCapturedClient(db: DbOrTx, agentId: number, clientNo: number) {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.clientNo, clientNo), eq(clients.capturingAgentId, agentId)));
  return row;
}

/** Clients the agent registered (captured); the owner of a landlord's own account is not one of them. */
export async function countCapturedClients(db: DbOrTx, agentId: number): Promise<number> {
  const [row] = await db
    .select({ registered: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.capturingAgentId, agentId));
  return Number(row?.registered ?? 0);
}

/** A typed client number, or null when it cannot name a client (not digits, or beyond any id). */
export function asClientNo(value: string): number | null {
  if (!/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * The agent's clients matching a search, narrowed to the agency before the
 * match: its captured clients through the agency-first trigram indexes
 * (migration 0023), and on a landlord's own account the owner by key. One
 * query with `ownedByAgent`'s OR would match every agency's clients first and
 * filter to the agency afterwards. Removing duplicates from the parts cost a
 * third of the search on PGlite (issue 21); they are disjoint instead.
 */
export async function searchClientsOfAgent(
  db: DbOrTx,
  agentId: number,
  option: ClientSearchOption,
  value: string,
  limit: number,
) {
  const pattern = containsPattern(value);
  const match: Record<ClientSearchOption, SQL> = {
    Full_name: ilike(clients.fullName, pattern),
    Email: ilike(clients.email, pattern),
    PhoneNo: ilike(clients.phoneNo, pattern),
    ClientNo: eq(clients.clientNo, asClientNo(value) ?? 0),
  };
  const captured = db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.capturingAgentId, agentId), match[option]));
  const ownAccountOwner = db
    .select(clientColumns)
    .from(clients)
    .where(
      and(
        eq(clients.clientNo, sql`(SELECT ${agents.ownerClientNo} FROM ${agents} WHERE ${agents.agentId} = ${agentId} AND ${agents.self} = 1)`),
        // An owner the account captured is in the first part already: the parts never overlap, so no step removes duplicates.
        sql`${clients.capturingAgentId} IS DISTINCT FROM ${agentId}`,
        match[option],
      ),
    );
  return runNamed('clients_search', unionAll(captured, ownAccountOwner).orderBy(sql`full_name`, sql`client_no`).limit(limit));
}

/**
 * Landlords are found by an exact detail only, and only among the agent's own
 * clients: never a browse of other agencies' people.
 */
export async function findLandlordsExactly(
  db: DbOrTx,
  agentId: number,
  option: 'Email' | 'PhoneNo' | 'ClientNo',
  value: string,
) {
  const clientNo = asClientNo(value);
  if (option === 'ClientNo' && clientNo === null) return [];
  const match: Record<typeof option, SQL> = {
    Email: eq(clients.email, value.trim().toLowerCase()),
    PhoneNo: eq(clients.phoneNo, normalisePhone(value)),
    ClientNo: eq(clients.clientNo, clientNo ?? 0),
  };
  return db
    .select(clientColumns)
    .from(clients)
    .where(and(match[option], ownedByAgent(agentId)))
    .orderBy(clients.clientNo)
    .limit(5);
}

export async function updateClient(
  db: DbOrTx,
  clientNo: number,
  change: { fullName: string; email: string; phoneNo: string; preferredLanguage: Language; kraPin: string | null },
) {
  const [first = change.fullName, ...rest] = change.fullName.split(/\s+/);
  await db
    .update(clients)
    .set({
      fullName: change.fullName,
      firstName: first,
      lastName: rest.join(' '),
      email: change.email,
      phoneNo: change.phoneNo,
      preferredLanguage: change.preferredLanguage,
      kraPin: change.kraPin,
    })
    .where(eq(clients.clientNo, clientNo));
}
