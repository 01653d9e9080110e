import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** The tenants' journal kinds an opening balance is written with (migration 0055). */
export const OPENING_KINDS = ['opening_arrears', 'opening_deposit', 'opening_credit'] as const;
const KINDS = sql.raw(`'opening_arrears', 'opening_deposit', 'opening_credit'`);

/** A list of ids as one array parameter: any number of them. */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export interface TenancyForOpening {
  tenancyId: number;
  ended: boolean;
  propId: number;
  landlordNo: number;
  depositDue: number;
  /** Opening entries of the tenancy that stand (not reversed). */
  standing: number;
  waterPassThrough: boolean;
  /** The newest month the landlord closed with this agency, if any. */
  closedThrough: string | null;
}

/** The agent's tenancies asked, in one statement; another agency's are simply not there. */
export async function tenanciesForOpening(db: DbOrTx, agentId: number, ids: readonly number[]): Promise<TenancyForOpening[]> {
  const result = await db.execute(sql`
    SELECT t.tenancy_id, t.ended_at IS NOT NULL AS ended, h.prop_id, p.landlord_no, coalesce(b.deposit_due_cents, 0)::bigint AS deposit_due,
           (SELECT count(*) FROM journal_transactions j WHERE j.tenancy_id = t.tenancy_id AND j.kind IN (${KINDS})
              AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id))::int AS standing,
           coalesce(w.pass_through, false) AS water_pass_through,
           (SELECT max(c.month)::text FROM landlord_month_closures c WHERE c.agent_id = t.agent_id AND c.landlord_no = p.landlord_no) AS closed_through
    FROM tenancies t
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    LEFT JOIN water_tariffs w ON w.prop_id = h.prop_id
    WHERE t.agent_id = ${agentId} AND t.tenancy_id = ANY(${idArray(ids)}::bigint[])`);
  return rowsOf<Record<string, string | number | boolean | null>>(result).map((r) => ({
    tenancyId: Number(r.tenancy_id),
    ended: Boolean(r.ended),
    propId: Number(r.prop_id),
    landlordNo: Number(r.landlord_no),
    depositDue: Number(r.deposit_due),
    standing: Number(r.standing),
    waterPassThrough: Boolean(r.water_pass_through),
    closedThrough: r.closed_through == null ? null : String(r.closed_through),
  }));
}

/** The recurring charges of the properties, with whose money each is. */
export async function chargesOfProperties(db: DbOrTx, agentId: number, propIds: readonly number[]) {
  const result = await db.execute(sql`
    SELECT charge_id, prop_id, name, pass_through FROM recurring_charges
    WHERE agent_id = ${agentId} AND prop_id = ANY(${idArray(propIds)}::bigint[])`);
  return rowsOf<{ charge_id: string | number; prop_id: string | number; name: string; pass_through: boolean }>(result).map((r) => ({
    chargeId: Number(r.charge_id),
    propId: Number(r.prop_id),
    name: r.name,
    passThrough: Boolean(r.pass_through),
  }));
}

export interface OpeningLine {
  account: 'tenant' | 'ledger' | 'rent_income' | 'charge_income' | 'pass_through' | 'deposits_held' | 'deposits_billed';
  sub: string | null;
  ledgerId: number | null;
  /** Whether the line names the tenancy (tenant and deposits_held lines must). */
  ofTenancy: boolean;
  debit: number;
  credit: number;
}

export interface OpeningEntry {
  agentId: number;
  tenancyId: number;
  kind: (typeof OPENING_KINDS)[number];
  postedAt: Date;
  details: string;
  /** An arrears entry's month: the month before go-live, so it is the oldest charge and paid first. */
  chargeMonth: string | null;
  chargeId: number | null;
  postedBy: number;
  lines: OpeningLine[];
}

/**
 * Every opening entry with its lines in one statement (an import brings
 * thousands), so the journal's per-statement checks see each whole.
 */
/**
 * The entries, in two statements: their transactions, then their lines (each
 * transaction's lines are checked at commit). `between` runs in between: the
 * book import refreshes journal_transactions' statistics there, so the lines'
 * checks, which join it, are planned on the transactions just written.
 */
export async function postOpeningEntries(db: DbOrTx, entries: readonly OpeningEntry[], between?: () => Promise<unknown>) {
  if (entries.length === 0) return;
  const json = JSON.stringify(
    entries.map((e) => ({
      agent_id: e.agentId,
      tenancy_id: e.tenancyId,
      kind: e.kind,
      posted_at: e.postedAt.toISOString(),
      details: e.details,
      charge_month: e.chargeMonth,
      charge_id: e.chargeId,
      posted_by: e.postedBy,
    })),
  );
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT t.*, a.ord
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS a(e, ord),
        jsonb_to_record(a.e) AS t(agent_id bigint, tenancy_id bigint, kind text, posted_at timestamptz, details text, charge_month date,
                                  charge_id bigint, posted_by bigint)
    ),
    numbered AS (
      SELECT s.*, nextval(pg_get_serial_sequence('journal_transactions', 'txn_id')) AS txn_id FROM staged s
    ),
    txn AS (
      INSERT INTO journal_transactions (txn_id, agent_id, kind, tenancy_id, posted_at, details, charge_month, charge_id, posted_by)
      OVERRIDING SYSTEM VALUE
      SELECT txn_id, agent_id, kind, tenancy_id, posted_at, details, charge_month, charge_id, posted_by FROM numbered ORDER BY ord
    )
    SELECT txn_id, ord FROM numbered`);
  const txnOf = new Map(rowsOf<{ txn_id: string | number; ord: string | number }>(result).map((r) => [Number(r.ord), Number(r.txn_id)]));
  await between?.();
  const lines = JSON.stringify(
    entries.flatMap((e, i) =>
      e.lines.map((l) => ({
        txn_id: txnOf.get(i + 1)!,
        agent_id: e.agentId,
        account: l.account,
        sub: l.sub,
        tenancy_id: l.ofTenancy ? e.tenancyId : null,
        ledger: l.ledgerId,
        debit: l.debit,
        credit: l.credit,
      })),
    ),
  );
  await db.execute(sql`
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
    SELECT l.txn_id, l.agent_id, l.account, l.sub, l.tenancy_id, l.ledger, l.debit, l.credit
    FROM jsonb_to_recordset(${lines}::jsonb) AS l(txn_id bigint, agent_id bigint, account text, sub text, tenancy_id bigint, ledger bigint, debit bigint, credit bigint)`);
}

/** The tenancy's opening entries that stand, oldest first. */
export async function standingOpenings(db: DbOrTx, agentId: number, tenancyId: number): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT j.txn_id FROM journal_transactions j
    WHERE j.agent_id = ${agentId} AND j.tenancy_id = ${tenancyId} AND j.kind IN (${KINDS})
      AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
    ORDER BY j.txn_id`);
  return rowsOf<{ txn_id: string | number }>(result).map((r) => Number(r.txn_id));
}

/** Whether any opening balance of the agency stands (tenancies' or landlords'): the go-live they are dated at then stays. */
export async function anyStandingOpening(db: DbOrTx, agentId: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM journal_transactions j WHERE j.agent_id = ${agentId} AND j.kind IN (${KINDS})
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
    ) OR EXISTS (
      SELECT 1 FROM landlord_txns t WHERE t.agent_id = ${agentId} AND t.kind = 'opening_balance'
        AND NOT EXISTS (SELECT 1 FROM landlord_txns r WHERE r.reverses_txn_id = t.txn_id)
    ) AS standing`);
  return Boolean(rowsOf<{ standing: boolean }>(result)[0]?.standing);
}

export interface LandlordForOpening {
  landlordNo: number;
  /** The landlord's standing opening entry, if any. */
  standingTxnId: number | null;
  closedThrough: string | null;
}

/** The agent's landlords asked (a landlord of one of its properties), in one statement. */
export async function landlordsForOpening(db: DbOrTx, agentId: number, landlordNos: readonly number[]): Promise<LandlordForOpening[]> {
  const result = await db.execute(sql`
    SELECT c.client_no,
           (SELECT t.txn_id FROM landlord_txns t WHERE t.agent_id = ${agentId} AND t.landlord_no = c.client_no AND t.kind = 'opening_balance'
              AND NOT EXISTS (SELECT 1 FROM landlord_txns r WHERE r.reverses_txn_id = t.txn_id) ORDER BY t.txn_id DESC LIMIT 1) AS standing,
           (SELECT max(m.month)::text FROM landlord_month_closures m WHERE m.agent_id = ${agentId} AND m.landlord_no = c.client_no) AS closed_through
    FROM clients c
    WHERE c.client_no = ANY(${idArray(landlordNos)}::bigint[])
      AND EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = ${agentId} AND p.landlord_no = c.client_no)`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    landlordNo: Number(r.client_no),
    standingTxnId: r.standing == null ? null : Number(r.standing),
    closedThrough: r.closed_through == null ? null : String(r.closed_through),
  }));
}

/** Takes the landlords' rows in one order, so two entries for one landlord at once follow each other. */
export async function lockLandlords(db: DbOrTx, landlordNos: readonly number[]) {
  await db.execute(sql`SELECT client_no FROM clients WHERE client_no = ANY(${idArray(landlordNos)}::bigint[]) ORDER BY client_no FOR UPDATE`);
}

/** The agent's houses asked, with whether a reading is saved for `month` or later. */
export async function housesForMeters(db: DbOrTx, agentId: number, houseIds: readonly number[], month: string) {
  const result = await db.execute(sql`
    SELECT h.house_id, h.prop_id,
           EXISTS (SELECT 1 FROM water_readings r WHERE r.house_id = h.house_id AND r.month >= ${month}::date) AS read_since
    FROM houses h JOIN properties p ON p.prop_id = h.prop_id
    WHERE p.agent_id = ${agentId} AND h.house_id = ANY(${idArray(houseIds)}::bigint[])`);
  return rowsOf<{ house_id: string | number; prop_id: string | number; read_since: boolean }>(result).map((r) => ({
    houseId: Number(r.house_id),
    propId: Number(r.prop_id),
    readSince: Boolean(r.read_since),
  }));
}

/**
 * Each meter's last reading before go-live, as the reading of the month
 * before it: the water module takes it as the previous reading, so the
 * go-live month bills the difference. A meter's start: no units of its own.
 */
export async function saveOpeningReadings(
  db: DbOrTx,
  r: { agentId: number; month: string; at: Date; by: number; meters: readonly { houseId: number; propId: number; reading: number }[] },
) {
  const json = JSON.stringify(r.meters.map((m) => ({ house_id: m.houseId, prop_id: m.propId, reading: m.reading })));
  await db.execute(sql`
    INSERT INTO water_readings (house_id, month, agent_id, prop_id, reading, start_reading, previous_reading, units, replaced, confirmed_high, saved_at, saved_by)
    SELECT m.house_id, ${r.month}::date, ${r.agentId}, m.prop_id, m.reading, m.reading, NULL, 0, false, false, ${r.at.toISOString()}, ${r.by}
    FROM jsonb_to_recordset(${json}::jsonb) AS m(house_id bigint, prop_id bigint, reading bigint)
    ON CONFLICT (house_id, month) DO UPDATE SET reading = excluded.reading, start_reading = excluded.start_reading,
      previous_reading = NULL, units = 0, replaced = false, confirmed_high = false, saved_at = excluded.saved_at, saved_by = excluded.saved_by`);
}

/** The agent's standing opening entries: per tenancy, and per landlord. */
export async function openingList(db: DbOrTx, agentId: number) {
  const tenancies = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT j.tenancy_id, c.full_name, p.property_name, h.house_number, j.txn_id, j.details,
             (SELECT coalesce(sum(l.debit_cents), 0) FROM journal_lines l WHERE l.txn_id = j.txn_id AND l.account IN ('tenant', 'ledger') AND l.debit_cents > 0 AND (j.kind <> 'opening_credit' OR l.account = 'ledger'))::bigint AS amount
      FROM journal_transactions j
      JOIN tenancies t ON t.tenancy_id = j.tenancy_id
      JOIN clients c ON c.client_no = t.client_no
      JOIN houses h ON h.house_id = t.house_id
      JOIN properties p ON p.prop_id = h.prop_id
      WHERE j.agent_id = ${agentId} AND j.kind IN (${KINDS})
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)
      ORDER BY p.property_name, h.house_number, j.tenancy_id, j.txn_id`),
  );
  const landlords = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT t.landlord_no, c.full_name, t.txn_id,
             (SELECT coalesce(sum(l.credit_cents), 0) FROM landlord_lines l WHERE l.txn_id = t.txn_id AND l.account = 'landlord')::bigint AS amount
      FROM landlord_txns t JOIN clients c ON c.client_no = t.landlord_no
      WHERE t.agent_id = ${agentId} AND t.kind = 'opening_balance'
        AND NOT EXISTS (SELECT 1 FROM landlord_txns r WHERE r.reverses_txn_id = t.txn_id)
      ORDER BY c.full_name, t.landlord_no`),
  );
  return { tenancies, landlords };
}
