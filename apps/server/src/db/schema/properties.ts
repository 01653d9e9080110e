import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencyUserContracts, agents } from './agents';
import { clients } from './people';

export const properties = pgTable(
  'properties',
  {
    propId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 101 }),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    landlordNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => clients.clientNo),
    propertyName: text().notNull(),
    rentalUnits: integer().notNull(),
    county: text().notNull(),
    town: text().notNull(),
    areaEstate: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How KRA knows the property on the rental-tax pack: its land-registry number or eRITS reference (migration 0067). */
    lrNumber: text(),
    eritsRef: text(),
  },
  (t) => [index().on(t.agentId), index().on(t.landlordNo)],
);

export const houses = pgTable(
  'houses',
  {
    houseId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1 }),
    propId: bigint({ mode: 'number' })
      .notNull()
      .references(() => properties.propId),
    /** The property's managing agent, repeated so every scoped query filters one column. */
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    houseNumber: text().notNull(),
    description: text().notNull(),
    rentCents: bigint({ mode: 'number' }).notNull(),
    depositCents: bigint({ mode: 'number' }).notNull(),
    occupied: text().notNull().default('No'),
    /** 0 ready (Yes), 2 not ready (No), as the original system stored them. */
    readiness: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.propId, t.houseNumber),
    index().on(t.agentId),
    // Find House reads only vacant, ready houses, by agency and rent.
    index('houses_vacant_ready_index').on(t.agentId, t.rentCents).where(sql`occupied = 'No' AND readiness = 0`),
    // A property's house counts by occupancy, from the index alone.
    index('houses_prop_id_occupied').on(t.propId, t.occupied),
    check('houses_amounts_not_negative', sql`${t.rentCents} >= 0 AND ${t.depositCents} >= 0`),
  ],
);

/**
 * An agency's choice to show its vacant, ready houses on the public Find House
 * page (off unless it says so), and the contact enquiries go to. Kept apart
 * from the account: publishing is a choice the agency can change any day.
 */
export const vacancyListings = pgTable('vacancy_listings', {
  agentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => agents.agentId),
  published: boolean().notNull().default(false),
  enquiryPhone: text().notNull(),
  enquiryEmail: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint({ mode: 'number' }).notNull(),
});

/**
 * One row: moved by triggers on every write to what Find House shows (houses,
 * properties, agencies' names, listings), so each process's cache of the public
 * page knows it is out of date as soon as the write commits (migration 0023).
 */
export const findHouseVersion = pgTable('find_house_version', {
  id: smallint().primaryKey().default(1),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * The properties a hired user is limited to (decision 061): none → the whole
 * account; a caretaker always has at least one.
 */
export const contractProperties = pgTable(
  'contract_properties',
  {
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agencyUserContracts.offerId),
    propId: bigint({ mode: 'number' })
      .notNull()
      .references(() => properties.propId),
  },
  (t) => [primaryKey({ name: 'contract_properties_pkey', columns: [t.offerId, t.propId] })],
);
