import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The import's reads and writes: each reads or writes a whole sheet in one
 * statement (rows as one jsonb parameter), so 5,000 tenancies are a handful
 * of statements, not 30,000 round trips (decision 033's way).
 */
const json = (rows: readonly unknown[]) => JSON.stringify(rows);

export interface ExistingClient {
  clientNo: number;
  phone: string;
  idNumber: string | null;
  kraPin: string | null;
}

/** The agency's own clients with one of these phones or KRA PINs (landlords and tenants alike are clients). */
export async function clientsByPhoneOrPin(db: DbOrTx, agentId: number, phones: readonly string[], pins: readonly string[]): Promise<ExistingClient[]> {
  if (phones.length === 0 && pins.length === 0) return [];
  const result = await db.execute(sql`
    SELECT c.client_no, c.phone_no, c.id_number, d.kra_pin
    FROM clients c LEFT JOIN landlord_tax_details d ON d.client_no = c.client_no AND d.agent_id = ${agentId}
    WHERE c.capturing_agent_id = ${agentId} AND c.erased_at IS NULL
      AND (c.phone_no IN (SELECT jsonb_array_elements_text(${json(phones)}::jsonb))
           OR d.kra_pin IN (SELECT jsonb_array_elements_text(${json(pins)}::jsonb)))
    ORDER BY c.client_no`);
  return rowsOf<{ client_no: string | number; phone_no: string; id_number: string | null; kra_pin: string | null }>(result).map((r) => ({
    clientNo: Number(r.client_no),
    phone: r.phone_no,
    idNumber: r.id_number,
    kraPin: r.kra_pin,
  }));
}

/** The agency's properties with one of these names (compared lower-case), each with its houses and their active tenancies. */
export async function placesByName(db: DbOrTx, agentId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  const result = await db.execute(sql`
    SELECT p.prop_id, lower(p.property_name) AS name_key, h.house_id, lower(h.house_number) AS number_key, h.rent_cents, t.tenancy_id, t.client_no,
           (SELECT count(*) FROM journal_transactions j WHERE j.tenancy_id = t.tenancy_id AND j.kind IN ('opening_arrears', 'opening_deposit', 'opening_credit')
              AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id))::int AS standing
    FROM properties p
    LEFT JOIN houses h ON h.prop_id = p.prop_id
    LEFT JOIN tenancies t ON t.house_id = h.house_id AND t.ended_at IS NULL
    WHERE p.agent_id = ${agentId} AND lower(p.property_name) IN (SELECT jsonb_array_elements_text(${json(names)}::jsonb))
    ORDER BY p.prop_id, h.house_id`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    propId: Number(r.prop_id),
    nameKey: String(r.name_key),
    houseId: r.house_id == null ? null : Number(r.house_id),
    numberKey: r.number_key == null ? null : String(r.number_key),
    rentCents: r.rent_cents == null ? null : Number(r.rent_cents),
    tenancyId: r.tenancy_id == null ? null : Number(r.tenancy_id),
    clientNo: r.client_no == null ? null : Number(r.client_no),
    standing: Number(r.standing ?? 0),
  }));
}

/** Houses with a reading saved for this month (the month before go-live: their last reading is entered). */
export async function housesRead(db: DbOrTx, agentId: number, houseIds: readonly number[], month: string): Promise<Set<number>> {
  if (houseIds.length === 0) return new Set();
  const result = await db.execute(sql`
    SELECT house_id FROM water_readings
    WHERE agent_id = ${agentId} AND month = ${month}::date AND house_id IN (SELECT (jsonb_array_elements_text(${json(houseIds)}::jsonb))::bigint)`);
  return new Set(rowsOf<{ house_id: string | number }>(result).map((r) => Number(r.house_id)));
}

export interface NewClient {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  idNumber: string | null;
  kraPin?: string | null;
}

/** New clients of the agency, in one statement; each returned with the key it was given. */
export async function insertClients(db: DbOrTx, agentId: number, clients: readonly NewClient[]): Promise<Map<string, number>> {
  if (clients.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT s.*, nextval(pg_get_serial_sequence('clients', 'client_no')) AS client_no
      FROM jsonb_to_recordset(${json(clients)}::jsonb) AS s("key" text, "firstName" text, "lastName" text, email text, phone text, "idNumber" text, "kraPin" text)
    ),
    inserted AS (
      INSERT INTO clients (client_no, first_name, last_name, full_name, email, phone_no, id_number, kra_pin, capturing_agent_id, preferred_language)
      OVERRIDING SYSTEM VALUE
      SELECT client_no, "firstName", "lastName", "firstName" || ' ' || "lastName", email, phone, "idNumber", "kraPin", ${agentId}, 'en' FROM staged
    )
    SELECT "key", client_no FROM staged`);
  return new Map(rowsOf<{ key: string; client_no: string | number }>(result).map((r) => [r.key, Number(r.client_no)]));
}

export async function insertKraPins(db: DbOrTx, agentId: number, at: Date, pins: readonly { clientNo: number; pin: string }[]) {
  if (pins.length === 0) return;
  await db.execute(sql`
    INSERT INTO landlord_tax_details (client_no, agent_id, kra_pin, updated_at)
    SELECT p."clientNo", ${agentId}, p.pin, ${at.toISOString()} FROM jsonb_to_recordset(${json(pins)}::jsonb) AS p("clientNo" bigint, pin text)
    ON CONFLICT (client_no) DO NOTHING`);
}

export interface NewProperty {
  key: string;
  landlordNo: number;
  name: string;
  units: number;
  county: string;
  town: string;
  area: string;
}

export async function insertProperties(db: DbOrTx, agentId: number, rows: readonly NewProperty[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT s.*, nextval(pg_get_serial_sequence('properties', 'prop_id')) AS prop_id
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS s("key" text, "landlordNo" bigint, name text, units int, county text, town text, area text)
    ),
    inserted AS (
      INSERT INTO properties (prop_id, agent_id, landlord_no, property_name, rental_units, county, town, area_estate)
      OVERRIDING SYSTEM VALUE
      SELECT prop_id, ${agentId}, "landlordNo", name, units, county, town, area FROM staged
    )
    SELECT "key", prop_id FROM staged`);
  return new Map(rowsOf<{ key: string; prop_id: string | number }>(result).map((r) => [r.key, Number(r.prop_id)]));
}

export interface NewHouse {
  key: string;
  propId: number;
  number: string;
  description: string;
  rentCents: number;
  depositCents: number;
  occupied: boolean;
}

export async function insertHouses(db: DbOrTx, agentId: number, rows: readonly NewHouse[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT s.*, nextval(pg_get_serial_sequence('houses', 'house_id')) AS house_id
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS s("key" text, "propId" bigint, number text, description text, "rentCents" bigint, "depositCents" bigint, occupied boolean)
    ),
    inserted AS (
      INSERT INTO houses (house_id, prop_id, agent_id, house_number, description, rent_cents, deposit_cents, occupied)
      OVERRIDING SYSTEM VALUE
      SELECT house_id, "propId", ${agentId}, number, description, "rentCents", "depositCents", CASE WHEN occupied THEN 'Yes' ELSE 'No' END FROM staged
    )
    SELECT "key", house_id FROM staged`);
  return new Map(rowsOf<{ key: string; house_id: string | number }>(result).map((r) => [r.key, Number(r.house_id)]));
}

export async function markOccupied(db: DbOrTx, agentId: number, houseIds: readonly number[], at: Date) {
  if (houseIds.length === 0) return;
  await db.execute(sql`
    UPDATE houses SET occupied = 'Yes', updated_at = ${at.toISOString()}
    WHERE agent_id = ${agentId} AND house_id IN (SELECT (jsonb_array_elements_text(${json(houseIds)}::jsonb))::bigint)`);
}

export interface NewTenancy {
  key: string;
  houseId: number;
  clientNo: number;
  startDate: string;
  firstMonth: string;
  rentCents: number;
  depositCents: number;
  idNumber: string;
  employer: string;
  business: string;
  kinName: string;
  kinPhone: string;
}

/** Tenancies brought in: no booking charges (what they owed at go-live is their opening balance; the run charges from go-live). */
export async function insertTenancies(db: DbOrTx, agentId: number, bookedBy: number, rows: readonly NewTenancy[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT s.*, nextval(pg_get_serial_sequence('tenancies', 'tenancy_id')) AS tenancy_id
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS s("key" text, "houseId" bigint, "clientNo" bigint, "startDate" timestamptz, "firstMonth" date,
        "rentCents" bigint, "depositCents" bigint, "idNumber" text, employer text, business text, "kinName" text, "kinPhone" text)
    ),
    inserted AS (
      INSERT INTO tenancies (tenancy_id, agent_id, house_id, client_no, start_date, first_month, rent_cents, deposit_cents, id_number, employer, business,
                             next_of_kin_name, next_of_kin_phone, booked_by)
      OVERRIDING SYSTEM VALUE
      SELECT tenancy_id, ${agentId}, "houseId", "clientNo", "startDate", "firstMonth", "rentCents", "depositCents", "idNumber", employer, business,
             "kinName", "kinPhone", ${bookedBy} FROM staged
    )
    SELECT "key", tenancy_id FROM staged`);
  return new Map(rowsOf<{ key: string; tenancy_id: string | number }>(result).map((r) => [r.key, Number(r.tenancy_id)]));
}

export async function mappings(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`SELECT sheet, columns FROM book_import_mappings WHERE agent_id = ${agentId} ORDER BY sheet`);
  return rowsOf<{ sheet: string; columns: Record<string, string> | string }>(result).map((r) => ({
    sheet: r.sheet,
    columns: (typeof r.columns === 'string' ? JSON.parse(r.columns) : r.columns) as Record<string, string>,
  }));
}

export async function saveMapping(db: DbOrTx, m: { agentId: number; sheet: string; columns: Record<string, string>; at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO book_import_mappings (agent_id, sheet, columns, updated_at, updated_by)
    VALUES (${m.agentId}, ${m.sheet}, ${JSON.stringify(m.columns)}::jsonb, ${m.at.toISOString()}, ${m.by})
    ON CONFLICT (agent_id, sheet) DO UPDATE SET columns = excluded.columns, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/** Each property's active recurring charge called service charge (the charges form's name for it), the first when there are several. */
export async function serviceCharges(db: DbOrTx, agentId: number, propIds: readonly number[]): Promise<Map<number, number>> {
  if (propIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT DISTINCT ON (prop_id) prop_id, charge_id FROM recurring_charges
    WHERE agent_id = ${agentId} AND active AND lower(name) = 'service charge'
      AND prop_id IN (SELECT (jsonb_array_elements_text(${json(propIds)}::jsonb))::bigint)
    ORDER BY prop_id, charge_id`);
  return new Map(rowsOf<{ prop_id: string | number; charge_id: string | number }>(result).map((r) => [Number(r.prop_id), Number(r.charge_id)]));
}

/** A service charge per property, charged by the monthly run from go-live on; each returned by its property. */
export async function insertServiceCharges(
  db: DbOrTx,
  agentId: number,
  by: number,
  at: Date,
  rows: readonly { propId: number; name: string; amountCents: number; fromMonth: string }[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const result = await db.execute(sql`
    INSERT INTO recurring_charges (agent_id, prop_id, name, amount_cents, pass_through, from_month, active, created_at, created_by)
    SELECT ${agentId}, s."propId", s.name, s."amountCents", false, s."fromMonth", true, ${at.toISOString()}, ${by}
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS s("propId" bigint, name text, "amountCents" bigint, "fromMonth" date)
    RETURNING prop_id, charge_id`);
  return new Map(rowsOf<{ prop_id: string | number; charge_id: string | number }>(result).map((r) => [Number(r.prop_id), Number(r.charge_id)]));
}

/** The days from which these properties have an agreement, as 'propId:YYYY-MM-DD'. */
export async function agreementDays(db: DbOrTx, agentId: number, propIds: readonly number[]): Promise<Set<string>> {
  if (propIds.length === 0) return new Set();
  const result = await db.execute(sql`
    SELECT prop_id, to_char(effective_from, 'YYYY-MM-DD') AS day FROM management_agreements
    WHERE agent_id = ${agentId} AND prop_id IN (SELECT (jsonb_array_elements_text(${json(propIds)}::jsonb))::bigint)`);
  return new Set(rowsOf<{ prop_id: string | number; day: string }>(result).map((r) => `${Number(r.prop_id)}:${r.day}`));
}

export interface NewAgreement {
  propId: number;
  effectiveFrom: string;
  commissionBp: number;
  fixedFeeCents: number;
  payoutMethod: string;
  payoutBank: string;
  payoutAccount: string;
  payoutPhone: string;
  remittanceDay: number;
}

/** Agreements brought in; one already standing for a property and day is left as it is (the same file twice). */
export async function insertAgreements(db: DbOrTx, agentId: number, by: number, at: Date, rows: readonly NewAgreement[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO management_agreements (agent_id, prop_id, effective_from, commission_bp, fixed_fee_cents, payout_method, payout_bank, payout_account,
      payout_phone, remittance_day, created_at, created_by)
    SELECT ${agentId}, a."propId", a."effectiveFrom", a."commissionBp", a."fixedFeeCents", a."payoutMethod", a."payoutBank", a."payoutAccount",
      a."payoutPhone", a."remittanceDay", ${at.toISOString()}, ${by}
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS a("propId" bigint, "effectiveFrom" date, "commissionBp" int, "fixedFeeCents" bigint, "payoutMethod" text,
      "payoutBank" text, "payoutAccount" text, "payoutPhone" text, "remittanceDay" int)
    ON CONFLICT (prop_id, effective_from) DO NOTHING`);
}

/**
 * ANALYZE, inside the import's own transaction, of the named tables it has
 * filled (those whose rows grew past autovacuum's threshold, `written` being
 * the rows this transaction added, which the counters do not show before it
 * commits): the statements that follow, and their triggers' joins, are planned
 * on the rows just written, not on an empty agency's statistics. ANALYZE sees
 * the transaction's own rows, and another session's ANALYZE of the same table
 * waits for this commit; inserts and reads do not.
 */
export async function analyseWritten(db: DbOrTx, tables: readonly string[], written: number): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT analyze_stale_tables(ARRAY[${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[], ${written}::bigint) AS analysed`);
  return rowsOf<{ analysed: string[] | null }>(result)[0]?.analysed ?? [];
}
