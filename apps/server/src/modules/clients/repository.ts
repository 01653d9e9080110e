import { and, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ClientSearchOption } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { agents, clients, properties, tenancies, users } from '../../db/schema';

export const clientColumns = {
  ClientNo: clients.clientNo,
  Full_name: clients.fullName,
  First_name: clients.firstName,
  Last_name: clients.lastName,
  Email: clients.email,
  PhoneNo: clients.phoneNo,
  Id_number: clients.idNumber,
};

/**
 * The clients an agent may see: those it registered, the landlords of its
 * properties, its tenants and the owner of the account itself.
 */
export function tiedToAgent(agentId: number): SQL {
  return or(
    eq(clients.capturingAgentId, agentId),
    exists(
      sql`(SELECT 1 FROM ${properties} WHERE ${properties.agentId} = ${agentId} AND ${properties.landlordNo} = ${clients.clientNo})`,
    ),
    exists(sql`(SELECT 1 FROM ${agents} WHERE ${agents.agentId} = ${agentId} AND ${agents.ownerClientNo} = ${clients.clientNo})`),
    exists(sql`(SELECT 1 FROM ${tenancies} WHERE ${tenancies.agentId} = ${agentId} AND ${tenancies.clientNo} = ${clients.clientNo})`),
  )!;
}

export async function insertClient(db: DbOrTx, row: typeof clients.$inferInsert) {
  const [client] = await db.insert(clients).values(row).returning({ clientNo: clients.clientNo });
  return client!.clientNo;
}

export async function findClientOfAgent(db: DbOrTx, agentId: number, clientNo: number) {
  const [row] = await db
    .select({ ...clientColumns, userNo: users.userNo })
    .from(clients)
    .leftJoin(users, eq(users.clientNo, clients.clientNo))
    .where(and(eq(clients.clientNo, clientNo), tiedToAgent(agentId)));
  return row;
}

export async function searchClientsOfAgent(
  db: DbOrTx,
  agentId: number,
  option: ClientSearchOption,
  value: string,
  limit: number,
) {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const match: Record<ClientSearchOption, SQL> = {
    Full_name: ilike(clients.fullName, `%${escaped}%`),
    Email: ilike(clients.email, `%${escaped}%`),
    PhoneNo: ilike(clients.phoneNo, `%${escaped}%`),
    ClientNo: eq(clients.clientNo, Number(value)),
  };
  return db
    .select(clientColumns)
    .from(clients)
    .where(and(match[option], tiedToAgent(agentId)))
    .orderBy(clients.fullName, clients.clientNo)
    .limit(limit);
}

/** Landlords are found by an exact detail only: never a browse of other agencies' people. */
export async function findLandlordsExactly(db: DbOrTx, option: 'Email' | 'PhoneNo' | 'ClientNo', value: string) {
  const match: Record<typeof option, SQL> = {
    Email: eq(clients.email, value.trim().toLowerCase()),
    PhoneNo: eq(clients.phoneNo, value.trim()),
    ClientNo: eq(clients.clientNo, Number(value)),
  };
  if (option === 'ClientNo' && !/^\d+$/.test(value)) return [];
  return db.select(clientColumns).from(clients).where(match[option]).orderBy(clients.clientNo).limit(5);
}

export async function updateClient(
  db: DbOrTx,
  clientNo: number,
  change: { fullName: string; email: string; phoneNo: string },
) {
  const [first = change.fullName, ...rest] = change.fullName.split(/\s+/);
  await db
    .update(clients)
    .set({ fullName: change.fullName, firstName: first, lastName: rest.join(' '), email: change.email, phoneNo: change.phoneNo })
    .where(eq(clients.clientNo, clientNo));
}
