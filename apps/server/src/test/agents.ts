import type { FastifyInstance } from 'fastify';
import { agencyUserContracts } from '../db/schema';

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

/** An accepted contract, as the hiring flow will leave it. */
export async function contractUser(
  app: FastifyInstance,
  agentId: number,
  userNo: number,
  { role = 5101, loginStatus = 1 }: { role?: number; loginStatus?: number } = {},
) {
  const [row] = await app.database.db
    .insert(agencyUserContracts)
    .values({ agentId, userNo, status: 'accepted', role, loginStatus, respondedAt: new Date() })
    .returning({ offerId: agencyUserContracts.offerId });
  return row!.offerId;
}
