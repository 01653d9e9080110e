import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { agents, clients, houses, properties } from '../../db/schema';

/** Properties with their house counts, computed in the same query (no query per property). */
export function listProperties(db: DbOrTx, agentIds: number[], propId?: number) {
  if (agentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      PropId: properties.propId,
      Property_name: properties.propertyName,
      Rental_units: properties.rentalUnits,
      County: properties.county,
      Town: properties.town,
      Area_Estate: properties.areaEstate,
      LandlordNo: properties.landlordNo,
      LandlordName: clients.fullName,
      managingAgentId: properties.agentId,
      TotalNumberOfHouses: sql<number>`count(${houses.houseId})::int`,
      OccupiedHouses: sql<number>`(count(${houses.houseId}) FILTER (WHERE ${houses.occupied} = 'Yes'))::int`,
      AvailableHouses: sql<number>`(count(${houses.houseId}) FILTER (WHERE ${houses.occupied} = 'No'))::int`,
    })
    .from(properties)
    .innerJoin(clients, eq(clients.clientNo, properties.landlordNo))
    .leftJoin(houses, eq(houses.propId, properties.propId))
    .where(and(inArray(properties.agentId, agentIds), propId === undefined ? undefined : eq(properties.propId, propId)))
    .groupBy(properties.propId, clients.fullName)
    .orderBy(properties.propId);
}

export async function insertProperty(db: DbOrTx, row: typeof properties.$inferInsert) {
  const [created] = await db.insert(properties).values(row).returning({ propId: properties.propId });
  return created!.propId;
}

export async function agentOfProperty(db: DbOrTx, propId: number) {
  const [row] = await db.select({ agentId: properties.agentId }).from(properties).where(eq(properties.propId, propId));
  return row?.agentId;
}

/** The client who owns an agent account: the landlord of a landlord's own account's properties. */
export async function ownerClientNoOf(db: DbOrTx, agentId: number): Promise<number> {
  const [owner] = await db.select({ clientNo: agents.ownerClientNo }).from(agents).where(eq(agents.agentId, agentId));
  return owner!.clientNo;
}
