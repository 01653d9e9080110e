import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { agencyUserContracts as contracts, agents, clients, users } from '../../db/schema';

/** A user as the hire search shows them; the username is the sign-in email. */
const foundUserColumns = {
  UserNo: users.userNo,
  Full_name: clients.fullName,
  First_name: clients.firstName,
  Email: users.email,
  PhoneNo: clients.phoneNo,
  Username: users.email,
  AvailableForWork: users.availableForWork,
  /** The user's chosen language (null until they choose): their mail is written in it. */
  Language: users.language,
};

export async function findUsers(db: DbOrTx, by: { email?: string; phoneNo?: string }) {
  const where = by.email !== undefined ? eq(users.email, by.email) : eq(clients.phoneNo, by.phoneNo ?? '');
  return db
    .select(foundUserColumns)
    .from(users)
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(where)
    .orderBy(users.userNo)
    .limit(5);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(foundUserColumns)
    .from(users)
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUser(db: DbOrTx, userNo: number) {
  const [row] = await db
    .select(foundUserColumns)
    .from(users)
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(eq(users.userNo, userNo));
  return row;
}

/** The hiring account with its owner's name and address for mail. */
export async function findAccount(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({
      agentId: agents.agentId,
      agentName: agents.agentName,
      self: agents.self,
      ownerUserNo: agents.ownerUserNo,
      ownerName: clients.fullName,
      ownerEmail: users.email,
      ownerLanguage: users.language,
    })
    .from(agents)
    .innerJoin(users, eq(users.userNo, agents.ownerUserNo))
    .innerJoin(clients, eq(clients.clientNo, agents.ownerClientNo))
    .where(eq(agents.agentId, agentId));
  return row;
}

export async function ownsAgencyAccount(db: DbOrTx, userNo: number): Promise<boolean> {
  const [row] = await db
    .select({ agentId: agents.agentId })
    .from(agents)
    .where(and(eq(agents.ownerUserNo, userNo), eq(agents.self, 0)));
  return row !== undefined;
}

export async function findContract(db: DbOrTx, offerId: number) {
  const [row] = await db.select().from(contracts).where(eq(contracts.offerId, offerId));
  return row;
}

export async function activeContractOf(db: DbOrTx, userNo: number) {
  const [row] = await db
    .select({ offerId: contracts.offerId, agentId: contracts.agentId })
    .from(contracts)
    .where(and(eq(contracts.userNo, userNo), eq(contracts.status, 'accepted')));
  return row;
}

export async function insertOffer(db: DbOrTx, row: { agentId: number; agentSelf: 0 | 1; userNo: number; role: number }) {
  const [offer] = await db
    .insert(contracts)
    .values({ ...row, status: 'pending' })
    .returning({ offerId: contracts.offerId });
  return offer!.offerId;
}

const pendingOffer = (offerId: number, userNo: number, agentId: number) =>
  and(
    eq(contracts.offerId, offerId),
    eq(contracts.userNo, userNo),
    eq(contracts.agentId, agentId),
    eq(contracts.status, 'pending'),
  );

/** Each answer to an offer is one conditional statement: of two at once, one finds it still pending. */
export async function revokeOffer(db: DbOrTx, o: { offerId: number; userNo: number; agentId: number }, now: Date) {
  const rows = await db
    .update(contracts)
    .set({ status: 'revoked', respondedAt: now })
    .where(pendingOffer(o.offerId, o.userNo, o.agentId))
    .returning({ offerId: contracts.offerId });
  return rows.length === 1;
}

export async function acceptOffer(
  db: DbOrTx,
  o: { offerId: number; userNo: number; agentId: number; allocatedUsername: string },
  now: Date,
) {
  const rows = await db
    .update(contracts)
    .set({ status: 'accepted', respondedAt: now, allocatedUsername: o.allocatedUsername, loginStatus: 1 })
    .where(pendingOffer(o.offerId, o.userNo, o.agentId))
    .returning({ offerId: contracts.offerId });
  return rows.length === 1;
}

export async function rejectOffer(
  db: DbOrTx,
  o: { offerId: number; userNo: number; agentId: number; reason: string | null },
  now: Date,
) {
  const rows = await db
    .update(contracts)
    .set({ status: 'rejected', respondedAt: now, declineReason: o.reason })
    .where(pendingOffer(o.offerId, o.userNo, o.agentId))
    .returning({ offerId: contracts.offerId });
  return rows.length === 1;
}

export async function terminateContract(
  db: DbOrTx,
  o: { offerId: number; endedBy: 'user' | 'admin'; endedByUserNo: number },
  now: Date,
) {
  const rows = await db
    .update(contracts)
    .set({ status: 'terminated', endedAt: now, endedBy: o.endedBy, endedByUserNo: o.endedByUserNo })
    .where(and(eq(contracts.offerId, o.offerId), eq(contracts.status, 'accepted')))
    .returning({ offerId: contracts.offerId });
  return rows.length === 1;
}

export async function setLoginStatus(db: DbOrTx, o: { offerId: number; userNo: number; agentId: number }, status: 0 | 1) {
  const rows = await db
    .update(contracts)
    .set({ loginStatus: status })
    .where(
      and(
        eq(contracts.offerId, o.offerId),
        eq(contracts.userNo, o.userNo),
        eq(contracts.agentId, o.agentId),
        eq(contracts.status, 'accepted'),
      ),
    )
    .returning({ offerId: contracts.offerId });
  return rows.length === 1;
}

export async function setAvailability(db: DbOrTx, userNo: number, available: 0 | 1) {
  await db.update(users).set({ availableForWork: available }).where(eq(users.userNo, userNo));
}

const offerColumns = {
  AgencyUserHireOfferId: contracts.offerId,
  AgentNo: contracts.agentId,
  UserNo: contracts.userNo,
  Self: contracts.agentSelf,
  AgencyName: agents.agentName,
  AgentOwnerName: sql<string>`(SELECT full_name FROM clients WHERE client_no = ${agents.ownerClientNo})`,
  Full_name: clients.fullName,
  Email: users.email,
  offeredAt: contracts.offeredAt,
};

function offersWhere(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select(offerColumns)
    .from(contracts)
    .innerJoin(agents, eq(agents.agentId, contracts.agentId))
    .innerJoin(users, eq(users.userNo, contracts.userNo))
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(where)
    .orderBy(desc(contracts.offeredAt), desc(contracts.offerId));
}

export const pendingOffersSent = (db: DbOrTx, agentId: number) =>
  offersWhere(db, and(eq(contracts.agentId, agentId), eq(contracts.status, 'pending')));

export const pendingOffersReceived = (db: DbOrTx, userNo: number) =>
  offersWhere(db, and(eq(contracts.userNo, userNo), eq(contracts.status, 'pending')));

/** The users working on an account now: its running contracts. */
export async function agencyUsers(db: DbOrTx, agentId: number) {
  return db
    .select({
      UserNo: users.userNo,
      Full_name: clients.fullName,
      Email: users.email,
      Username: users.email,
      ManagingAgentUserRole: contracts.role,
      ManagingAgentAllocatedUsername: contracts.allocatedUsername,
      ManagingAgentUserLoginStatus: contracts.loginStatus,
      AgencyUserHireOfferId: contracts.offerId,
      AvailableForWork: users.availableForWork,
      PropIds: sql<number[]>`coalesce((SELECT array_agg(cp.prop_id::int ORDER BY cp.prop_id) FROM contract_properties cp WHERE cp.offer_id = ${contracts.offerId}), '{}')`,
    })
    .from(contracts)
    .innerJoin(users, eq(users.userNo, contracts.userNo))
    .innerJoin(clients, eq(clients.clientNo, users.clientNo))
    .where(and(eq(contracts.agentId, agentId), eq(contracts.status, 'accepted')))
    .orderBy(clients.fullName, users.userNo);
}

/** The account a hire offer or contract belongs to, for the scope check. */
export async function agentOfOffer(db: DbOrTx, offerId: number): Promise<number | undefined> {
  const [row] = await db.select({ agentId: contracts.agentId }).from(contracts).where(eq(contracts.offerId, offerId));
  return row?.agentId;
}

/** An accepted contract of the account, locked while its role and properties change; undefined → none. */
export async function lockAcceptedContract(db: DbOrTx, agentId: number, offerId: number) {
  const row = rowsOf<{ agent_self: number }>(
    await db.execute(sql`
      SELECT agent_self FROM agency_user_contracts
      WHERE offer_id = ${offerId} AND agent_id = ${agentId} AND status = 'accepted' FOR UPDATE`),
  )[0];
  return row ? { self: Number(row.agent_self) } : undefined;
}

/** How many of `propIds` are the account's own properties. */
export async function ownPropertyCount(db: DbOrTx, agentId: number, propIds: readonly number[]) {
  if (propIds.length === 0) return 0;
  const row = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM properties
      WHERE agent_id = ${agentId} AND prop_id = ANY(${`{${propIds.join(',')}}`}::bigint[])`),
  )[0];
  return Number(row?.n ?? 0);
}

/** The contract's role and the properties it limits its user to, replacing the ones it had. */
export async function setContractAccess(db: DbOrTx, offerId: number, role: number, propIds: readonly number[]) {
  await db.execute(sql`UPDATE agency_user_contracts SET role = ${role} WHERE offer_id = ${offerId} AND role <> ${role}`);
  await db.execute(sql`DELETE FROM contract_properties WHERE offer_id = ${offerId} AND NOT (prop_id = ANY(${`{${propIds.join(',')}}`}::bigint[]))`);
  if (propIds.length > 0) {
    await db.execute(sql`
      INSERT INTO contract_properties (offer_id, prop_id)
      SELECT ${offerId}, p FROM unnest(${`{${propIds.join(',')}}`}::bigint[]) AS p
      ON CONFLICT DO NOTHING`);
  }
}
