import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface TariffRow {
  unitCents: number;
  standingCents: number;
  minimumCents: number;
  passThrough: boolean;
}

export async function tariffOf(db: DbOrTx, propId: number): Promise<TariffRow | null> {
  const result = await db.execute(sql`
    SELECT unit_cents, standing_cents, minimum_cents, pass_through FROM water_tariffs WHERE prop_id = ${propId}`);
  const r = rowsOf<Record<string, string | number | boolean>>(result)[0];
  return r
    ? {
        unitCents: Number(r.unit_cents),
        standingCents: Number(r.standing_cents),
        minimumCents: Number(r.minimum_cents),
        passThrough: Boolean(r.pass_through),
      }
    : null;
}

export async function saveTariff(
  db: DbOrTx,
  t: TariffRow & { propId: number; agentId: number; at: Date; by: number },
) {
  await db.execute(sql`
    INSERT INTO water_tariffs (prop_id, agent_id, unit_cents, standing_cents, minimum_cents, pass_through, updated_at, updated_by)
    VALUES (${t.propId}, ${t.agentId}, ${t.unitCents}, ${t.standingCents}, ${t.minimumCents}, ${t.passThrough}, ${t.at.toISOString()}, ${t.by})
    ON CONFLICT (prop_id) DO UPDATE SET unit_cents = excluded.unit_cents, standing_cents = excluded.standing_cents,
      minimum_cents = excluded.minimum_cents, pass_through = excluded.pass_through, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/**
 * The agent's property, locked: saving readings and confirming the month take
 * this lock first, so a reading never lands in a month being charged.
 */
export async function lockProperty(db: DbOrTx, agentId: number, propId: number) {
  const result = await db.execute(
    sql`SELECT prop_id FROM properties WHERE prop_id = ${propId} AND agent_id = ${agentId} FOR UPDATE`,
  );
  return rowsOf(result).length > 0;
}

export async function monthConfirmed(db: DbOrTx, propId: number, month: string) {
  const result = await db.execute(
    sql`SELECT 1 FROM water_months WHERE prop_id = ${propId} AND month = ${month}::date`,
  );
  return rowsOf(result).length > 0;
}

export interface HouseReading {
  houseId: number;
  houseNumber: string;
  tenancyId: number | null;
  tenantName: string | null;
  /** The last reading before the month: where this month's consumption starts. */
  previous: number | null;
  /** Mean consumption of the house's earlier months. */
  average: number | null;
  reading: number | null;
  startReading: number | null;
  previousReading: number | null;
  units: number | null;
  replaced: boolean;
  /** A water charge for the month stands (posted and not reversed). */
  charged: boolean;
  /** The month's reversed water charge not yet charged again: the house may take a corrected reading and be charged once more. */
  reversedTxnId: number | null;
}

/** Every house of the property with its tenancy let in `month`, its previous reading, its average and the month's reading. */
export async function housesForMonth(db: DbOrTx, propId: number, month: string): Promise<HouseReading[]> {
  const result = await db.execute(sql`
    SELECT h.house_id, h.house_number, t.tenancy_id, c.full_name,
           (SELECT p.reading FROM water_readings p WHERE p.house_id = h.house_id AND p.month < ${month}::date ORDER BY p.month DESC LIMIT 1) AS previous,
           (SELECT round(avg(p.units))::bigint FROM water_readings p WHERE p.house_id = h.house_id AND p.month < ${month}::date) AS average,
           r.reading, r.start_reading, r.previous_reading, r.units, coalesce(r.replaced, false) AS replaced,
           EXISTS (SELECT 1 FROM journal_transactions j WHERE j.tenancy_id = t.tenancy_id AND j.kind = 'water_charge' AND j.charge_month = ${month}::date
                   AND NOT EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = j.txn_id)) AS charged,
           (SELECT j.txn_id FROM journal_transactions j WHERE j.tenancy_id = t.tenancy_id AND j.kind = 'water_charge' AND j.charge_month = ${month}::date
              AND EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = j.txn_id)
              AND NOT EXISTS (SELECT 1 FROM journal_transactions n WHERE n.recharges_txn_id = j.txn_id)
            ORDER BY j.txn_id DESC LIMIT 1) AS reversed_txn_id
    FROM houses h
    LEFT JOIN tenancies t ON t.house_id = h.house_id AND t.ended_at IS NULL AND t.first_month <= ${month}::date
    LEFT JOIN clients c ON c.client_no = t.client_no
    LEFT JOIN water_readings r ON r.house_id = h.house_id AND r.month = ${month}::date
    WHERE h.prop_id = ${propId}
    ORDER BY h.house_number, h.house_id`);
  const n = (v: unknown) => (v == null ? null : Number(v));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    houseId: Number(r.house_id),
    houseNumber: String(r.house_number),
    tenancyId: n(r.tenancy_id),
    tenantName: r.full_name == null ? null : String(r.full_name),
    previous: n(r.previous),
    average: n(r.average),
    reading: n(r.reading),
    startReading: n(r.start_reading),
    previousReading: n(r.previous_reading),
    units: n(r.units),
    replaced: Boolean(r.replaced),
    charged: Boolean(r.charged),
    reversedTxnId: n(r.reversed_txn_id),
  }));
}

export async function saveReading(
  db: DbOrTx,
  r: {
    houseId: number;
    month: string;
    agentId: number;
    propId: number;
    reading: number;
    startReading: number | null;
    previousReading: number | null;
    units: number;
    replaced: boolean;
    confirmedHigh: boolean;
    at: Date;
    by: number;
  },
) {
  await db.execute(sql`
    INSERT INTO water_readings (house_id, month, agent_id, prop_id, reading, start_reading, previous_reading, units, replaced, confirmed_high, saved_at, saved_by)
    VALUES (${r.houseId}, ${r.month}::date, ${r.agentId}, ${r.propId}, ${r.reading}, ${r.startReading}, ${r.previousReading}, ${r.units}, ${r.replaced},
            ${r.confirmedHigh}, ${r.at.toISOString()}, ${r.by})
    ON CONFLICT (house_id, month) DO UPDATE SET reading = excluded.reading, start_reading = excluded.start_reading,
      previous_reading = excluded.previous_reading, units = excluded.units, replaced = excluded.replaced,
      confirmed_high = excluded.confirmed_high, saved_at = excluded.saved_at, saved_by = excluded.saved_by`);
}

/** The month's row, or false when it was already confirmed: the one way a month is charged. */
export async function insertMonth(
  db: DbOrTx,
  m: { propId: number; month: string; agentId: number; at: Date; by: number },
) {
  const result = await db.execute(sql`
    INSERT INTO water_months (prop_id, month, agent_id, confirmed_at, confirmed_by)
    VALUES (${m.propId}, ${m.month}::date, ${m.agentId}, ${m.at.toISOString()}, ${m.by})
    ON CONFLICT (prop_id, month) DO NOTHING RETURNING prop_id`);
  return rowsOf(result).length > 0;
}

export async function recordMonth(
  db: DbOrTx,
  propId: number,
  month: string,
  charged: number,
  amount: number,
) {
  await db.execute(
    sql`UPDATE water_months SET charged_count = charged_count + ${charged}, amount_cents = amount_cents + ${amount} WHERE prop_id = ${propId} AND month = ${month}::date`,
  );
}

/**
 * One tenancy's water for a month on its `water` sub-account, against the
 * landlord's income or, passed through, what is owed to the water company.
 * The unique index on (tenancy, month) keeps it once; false when it was there.
 */
export async function postWaterCharge(
  db: DbOrTx,
  c: {
    agentId: number;
    tenancyId: number;
    month: string;
    amount: number;
    details: string;
    passThrough: boolean;
    /** The reversed charge this one replaces, if any. */
    rechargesTxnId: number | null;
    at: Date;
    by: number;
  },
) {
  const result = await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by, recharges_txn_id)
      VALUES (${c.agentId}, 'water_charge', ${c.tenancyId}, ${c.at.toISOString()}::timestamptz, ${c.details}, ${c.month}::date, ${c.by}, ${c.rechargesTxnId})
      ON CONFLICT (tenancy_id, charge_month, coalesce(recharges_txn_id, 0)) WHERE kind = 'water_charge' DO NOTHING
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn.txn_id, ${c.agentId}::bigint, 'tenant', 'water', ${c.tenancyId}::bigint, ${c.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn.txn_id, ${c.agentId}::bigint, ${c.passThrough ? 'pass_through' : 'charge_income'}, NULL, NULL, 0, ${c.amount}::bigint FROM txn
    RETURNING txn_id`);
  return rowsOf(result).length > 0;
}
