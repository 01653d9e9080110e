import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agencyUserContracts, agents, contractProperties } from '../db/schema';

export const agencyAccount = { Self: 0, AgentName: 'Baraka Homes', Kra_pin: 'P051234567X', Address: 'Kimathi St 10', HasOwnProperty: false };
export const landlordAccount = { Self: 1, AgentName: 'Otieno Rentals', Kra_pin: 'A009876543Z', Address: 'Kisumu Rd 4', HasOwnProperty: true };

export async function createAgent(
  app: FastifyInstance,
  auth: { authorization: string },
  account: Record<string, unknown> = agencyAccount,
): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/agent/createagent', headers: auth, payload: account });
  if (res.statusCode !== 201) throw new Error(`createagent: ${res.statusCode} ${res.body}`);
  return res.json().AgentId;
}

/**
 * An accepted contract, as the hiring flow leaves it: an offer, then its
 * acceptance (the database guards let a contract come about no other way).
 */
export async function contractUser(
  app: FastifyInstance,
  agentId: number,
  userNo: number,
  { loginStatus = 1, role, propIds = [] }: { loginStatus?: 0 | 1; role?: number; propIds?: number[] } = {},
) {
  const db = app.database.db;
  const [agent] = await db.select({ self: agents.self }).from(agents).where(eq(agents.agentId, agentId));
  const agentSelf = agent!.self === 1 ? 1 : 0;
  // The role follows the account; a test naming another one has misread its own setup.
  const hired = agentSelf === 1 ? [5201] : [5101, 5102];
  if (role !== undefined && !hired.includes(role)) throw new Error(`role ${role} is not a hired role of agent ${agentId}`);
  const [row] = await db
    .insert(agencyUserContracts)
    .values({ agentId, agentSelf, userNo, status: 'pending', role: role ?? hired[0]! })
    .returning({ offerId: agencyUserContracts.offerId });
  await db
    .update(agencyUserContracts)
    .set({ status: 'accepted', respondedAt: new Date() })
    .where(eq(agencyUserContracts.offerId, row!.offerId));
  if (propIds.length > 0) await db.insert(contractProperties).values(propIds.map((propId) => ({ offerId: row!.offerId, propId })));
  if (loginStatus === 0) {
    await db.update(agencyUserContracts).set({ loginStatus: 0 }).where(eq(agencyUserContracts.offerId, row!.offerId));
  }
  return row!.offerId;
}
