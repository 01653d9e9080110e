import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agencyUserContracts, agents } from '../db/schema';

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
  { loginStatus = 1, role }: { loginStatus?: 0 | 1; role?: number } = {},
) {
  const db = app.database.db;
  const [agent] = await db.select({ self: agents.self }).from(agents).where(eq(agents.agentId, agentId));
  const agentSelf = agent!.self === 1 ? 1 : 0;
  // The role follows the account; a test naming another one has misread its own setup.
  if (role !== undefined && role !== (agentSelf === 1 ? 5201 : 5101)) throw new Error(`role ${role} is not the hired role of agent ${agentId}`);
  const [row] = await db
    .insert(agencyUserContracts)
    .values({ agentId, agentSelf, userNo, status: 'pending', role: agentSelf === 1 ? 5201 : 5101 })
    .returning({ offerId: agencyUserContracts.offerId });
  await db
    .update(agencyUserContracts)
    .set({ status: 'accepted', respondedAt: new Date() })
    .where(eq(agencyUserContracts.offerId, row!.offerId));
  if (loginStatus === 0) {
    await db.update(agencyUserContracts).set({ loginStatus: 0 }).where(eq(agencyUserContracts.offerId, row!.offerId));
  }
  return row!.offerId;
}
