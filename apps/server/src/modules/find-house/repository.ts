import { and, count, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/like';
import { agents, findHouseVersion, houses, properties, vacancyListings } from '../../db/schema';

export interface VacantFilter {
  county?: string;
  town?: string;
  estate?: string;
  minRentCents?: number;
  maxRentCents?: number;
}

const contains = (column: Parameters<typeof ilike>[0], text: string) => ilike(column, containsPattern(text));

function whereOf(f: VacantFilter): SQL {
  return and(
    eq(vacancyListings.published, true),
    eq(houses.occupied, 'No'),
    eq(houses.readiness, 0),
    f.county ? contains(properties.county, f.county) : undefined,
    f.town ? contains(properties.town, f.town) : undefined,
    f.estate ? contains(properties.areaEstate, f.estate) : undefined,
    f.minRentCents === undefined ? undefined : gte(houses.rentCents, f.minRentCents),
    f.maxRentCents === undefined ? undefined : lte(houses.rentCents, f.maxRentCents),
  )!;
}

/** Vacant, ready houses of publishing agencies, cheapest first; only the columns the public page shows. */
export function listVacantHouses(db: DbOrTx, filter: VacantFilter, limit: number, offset: number) {
  return db
    .select({
      houseId: houses.houseId,
      propertyName: properties.propertyName,
      houseNumber: houses.houseNumber,
      description: houses.description,
      rentCents: houses.rentCents,
      depositCents: houses.depositCents,
      county: properties.county,
      town: properties.town,
      areaEstate: properties.areaEstate,
      agencyName: agents.agentName,
      enquiryPhone: vacancyListings.enquiryPhone,
      enquiryEmail: vacancyListings.enquiryEmail,
    })
    .from(vacancyListings)
    .innerJoin(houses, eq(houses.agentId, vacancyListings.agentId))
    .innerJoin(properties, eq(properties.propId, houses.propId))
    .innerJoin(agents, eq(agents.agentId, vacancyListings.agentId))
    .where(whereOf(filter))
    .orderBy(houses.rentCents, houses.houseId)
    .limit(limit)
    .offset(offset);
}

export async function countVacantHouses(db: DbOrTx, filter: VacantFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vacancyListings)
    .innerJoin(houses, eq(houses.agentId, vacancyListings.agentId))
    .innerJoin(properties, eq(properties.propId, houses.propId))
    .where(whereOf(filter));
  return row?.n ?? 0;
}

export async function findListing(db: DbOrTx, agentId: number) {
  const [row] = await db.select().from(vacancyListings).where(eq(vacancyListings.agentId, agentId));
  return row;
}

/** The owner's phone and email: what an agency's listing starts from before it chooses its own. */
export async function ownerContact(db: DbOrTx, agentId: number) {
  const result = await db.execute(
    sql`SELECT c.phone_no, c.email FROM agents a JOIN clients c ON c.client_no = a.owner_client_no WHERE a.agent_id = ${agentId}`,
  );
  return rowsOf<{ phone_no: string; email: string }>(result)[0];
}

export async function saveListing(db: DbOrTx, row: typeof vacancyListings.$inferInsert) {
  await db
    .insert(vacancyListings)
    .values(row)
    .onConflictDoUpdate({
      target: vacancyListings.agentId,
      set: { published: row.published, enquiryPhone: row.enquiryPhone, enquiryEmail: row.enquiryEmail, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    });
}

/** What the public page was last changed at (moved by triggers, migration 0023); read before the page so a write in between only costs a reread. */
export async function listingVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: findHouseVersion.version }).from(findHouseVersion).where(eq(findHouseVersion.id, 1));
  return row?.version ?? 0;
}
