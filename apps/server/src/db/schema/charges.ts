import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './people';
import { houses, properties } from './properties';

/**
 * A property's named monthly charge (service charge, garbage, security…),
 * posted by the monthly run beside the rent from `fromMonth` on. Landlord's
 * money unless it passes through to someone else (a water company).
 */
export const recurringCharges = pgTable(
  'recurring_charges',
  {
    chargeId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    propId: bigint({ mode: 'number' })
      .notNull()
      .references(() => properties.propId),
    name: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    passThrough: boolean().notNull().default(false),
    fromMonth: date({ mode: 'string' }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
  },
  (t) => [
    index().on(t.propId),
    uniqueIndex('recurring_charges_name_per_property')
      .on(t.propId, sql`lower(${t.name})`)
      .where(sql`active`),
    check('recurring_charges_amount_positive', sql`amount_cents > 0 AND amount_cents <= 10000000000`),
  ],
);

/** One house's own amount for a charge; 0 means the house is not charged. */
export const recurringChargeHouses = pgTable(
  'recurring_charge_houses',
  {
    chargeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => recurringCharges.chargeId),
    houseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => houses.houseId),
    agentId: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'recurring_charge_houses_pk', columns: [t.chargeId, t.houseId] }),
    check('recurring_charge_houses_amount', sql`amount_cents >= 0 AND amount_cents <= 10000000000`),
  ],
);

/** A property's late-payment penalty: after day `afterDay`, a percentage of the month's unpaid rent or a fixed amount. */
export const penaltyRules = pgTable(
  'penalty_rules',
  {
    propId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => properties.propId),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    afterDay: smallint().notNull(),
    /** Basis points of the unpaid rent: 1000 is 10%. */
    percentBp: integer(),
    fixedCents: bigint({ mode: 'number' }),
    /** Months before this one are never penalised: switching the rule on does not reach back. */
    fromMonth: date({ mode: 'string' }).notNull(),
    active: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: bigint({ mode: 'number' }).notNull(),
  },
  () => [
    check('penalty_rules_day', sql`after_day BETWEEN 1 AND 28`),
    check('penalty_rules_one_basis', sql`(percent_bp IS NULL) <> (fixed_cents IS NULL)`),
    check(
      'penalty_rules_amounts',
      sql`(percent_bp IS NULL OR percent_bp BETWEEN 1 AND 10000) AND (fixed_cents IS NULL OR fixed_cents BETWEEN 1 AND 10000000000)`,
    ),
  ],
);

/** One penalty run per agency and Nairobi day, whoever starts it. */
export const penaltyRuns = pgTable(
  'penalty_runs',
  {
    runId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    runDate: date({ mode: 'string' }).notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    runBy: bigint({ mode: 'number' }).notNull(),
    automatic: boolean().notNull().default(false),
    chargedCount: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('penalty_runs_one_per_day').on(t.agentId, t.runDate)],
);

/** What each receipt paid: the charges it settled and how much of each. Append-only, as the journal. */
export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    // No foreign keys: written only by the receipt writer, from the receipt and charges of the same
    // statement and tenancy, and journal rows are never deleted (a key per row would cost a statement
    // import of 10,000 receipts 20,000 trigger calls; docs/decisions/002-ledger.md).
    receiptTxnId: bigint({ mode: 'number' }).notNull(),
    chargeTxnId: bigint({ mode: 'number' }).notNull(),
    agentId: bigint({ mode: 'number' }).notNull(),
    tenancyId: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'receipt_allocations_pk', columns: [t.receiptTxnId, t.chargeTxnId] }),
    index('receipt_allocations_charge_index').on(t.chargeTxnId),
    check('receipt_allocations_amount_positive', sql`amount_cents > 0`),
  ],
);

/** A property's water tariff: Ksh per unit, an optional standing charge, never below the minimum. */
export const waterTariffs = pgTable(
  'water_tariffs',
  {
    propId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => properties.propId),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    unitCents: bigint({ mode: 'number' }).notNull(),
    standingCents: bigint({ mode: 'number' }).notNull().default(0),
    minimumCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Water owed onward to the water company, not the landlord's money. */
    passThrough: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: bigint({ mode: 'number' }).notNull(),
  },
  () => [
    check(
      'water_tariffs_amounts',
      sql`unit_cents > 0 AND unit_cents <= 10000000000 AND standing_cents BETWEEN 0 AND 10000000000 AND minimum_cents BETWEEN 0 AND 10000000000`,
    ),
  ],
);

/** A house's meter reading for a month, with the consumption worked out when it was saved. */
export const waterReadings = pgTable(
  'water_readings',
  {
    houseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => houses.houseId),
    month: date({ mode: 'string' }).notNull(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    propId: bigint({ mode: 'number' })
      .notNull()
      .references(() => properties.propId),
    reading: bigint({ mode: 'number' }).notNull(),
    /** Where the meter started: a replaced meter, or a house's first reading. */
    startReading: bigint({ mode: 'number' }),
    previousReading: bigint({ mode: 'number' }),
    units: bigint({ mode: 'number' }).notNull(),
    replaced: boolean().notNull().default(false),
    /** The clerk confirmed a consumption over three times the house's average. */
    confirmedHigh: boolean().notNull().default(false),
    savedAt: timestamp({ withTimezone: true }).notNull(),
    savedBy: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'water_readings_pk', columns: [t.houseId, t.month] }),
    index('water_readings_prop_month_index').on(t.propId, t.month),
    check(
      'water_readings_units',
      sql`reading >= 0 AND units >= 0 AND (start_reading IS NULL OR start_reading <= reading)`,
    ),
  ],
);

/** A property's month of readings, confirmed (and charged) once. */
export const waterMonths = pgTable(
  'water_months',
  {
    propId: bigint({ mode: 'number' })
      .notNull()
      .references(() => properties.propId),
    month: date({ mode: 'string' }).notNull(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
    confirmedBy: bigint({ mode: 'number' }).notNull(),
    chargedCount: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'water_months_pk', columns: [t.propId, t.month] })],
);
