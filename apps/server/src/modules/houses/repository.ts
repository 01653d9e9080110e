import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { runNamed } from '../../db/named';
import { houses, properties } from '../../db/schema';

const houseColumns = {
  HouseId: houses.houseId,
  PropId: houses.propId,
  House_number: houses.houseNumber,
  Description: houses.description,
  Occupied: houses.occupied,
  Rent: sql<number>`(${houses.rentCents} / 100.0)::float8`,
  Deposit: sql<number>`(${houses.depositCents} / 100.0)::float8`,
  readiness: houses.readiness,
  Property_name: properties.propertyName,
};

export function housesWhere(db: DbOrTx, where: SQL) {
  return db
    .select(houseColumns)
    .from(houses)
    .innerJoin(properties, eq(properties.propId, houses.propId))
    .where(where)
    .orderBy(houses.propId, houses.houseNumber);
}

export const housesOfProperty = (db: DbOrTx, propId: number) => housesWhere(db, eq(houses.propId, propId));
/** One page of the houses of these agents, or only the house `houseId` names if it is theirs. */
export function housesOfAgents(db: DbOrTx, agentIds: number[], q: { houseId?: number; limit: number; offset: number }) {
  if (agentIds.length === 0) return Promise.resolve([]);
  const mine = inArray(houses.agentId, agentIds);
  return runNamed(
    'houses_page',
    housesWhere(db, q.houseId === undefined ? mine : and(mine, eq(houses.houseId, q.houseId))!)
      .limit(q.limit)
      .offset(q.offset),
  );
}

export async function findHouse(db: DbOrTx, houseId: number) {
  const [row] = await db.select().from(houses).where(eq(houses.houseId, houseId));
  return row;
}

export async function agentOfHouse(db: DbOrTx, houseId: number) {
  const [row] = await db.select({ agentId: houses.agentId }).from(houses).where(eq(houses.houseId, houseId));
  return row?.agentId;
}

export async function insertHouse(db: DbOrTx, row: typeof houses.$inferInsert) {
  const [created] = await db.insert(houses).values(row).returning({ houseId: houses.houseId });
  return created!.houseId;
}

export async function updateHouse(db: DbOrTx, houseId: number, change: Partial<typeof houses.$inferInsert>) {
  await db.update(houses).set(change).where(eq(houses.houseId, houseId));
}
