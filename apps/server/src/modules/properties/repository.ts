import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { runNamed } from '../../db/named';
import { agents, clients, properties } from '../../db/schema';

// Counted per property from houses_prop_id_occupied alone, so listing a few
// properties never reads the houses of every other property.
const houseCount = (occupied?: 'Yes' | 'No') =>
  sql<number>`(SELECT count(*) FROM houses h WHERE h.prop_id = ${properties.propId}${
    occupied ? sql` AND h.occupied = ${occupied}` : sql``
  })::int`;

/** Properties with their house counts, computed in the same query (no query per property). */
/** `propIds`: the properties a limited caller works on (decision 061); null for every one. */
export function listProperties(db: DbOrTx, agentIds: number[], propId?: number, propIds: readonly number[] | null = null) {
  if (agentIds.length === 0 || propIds?.length === 0) return Promise.resolve([]);
  const query = db
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
      TotalNumberOfHouses: houseCount(),
      OccupiedHouses: houseCount('Yes'),
      AvailableHouses: houseCount('No'),
      Lr_number: properties.lrNumber,
      Erits_ref: properties.eritsRef,
    })
    .from(properties)
    .innerJoin(clients, eq(clients.clientNo, properties.landlordNo))
    .where(
      and(
        inArray(properties.agentId, agentIds),
        propId === undefined ? undefined : eq(properties.propId, propId),
        propIds === null ? undefined : inArray(properties.propId, [...propIds]),
      ),
    )
    .orderBy(properties.propId);
  return runNamed('properties_list', query);
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
