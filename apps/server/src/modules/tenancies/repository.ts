import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TenancyFilter } from '@makazi/domain';
import { rowsOf, type DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/like';
import { executeNamed } from '../../db/named';
import { houses, tenancies } from '../../db/schema';
import { CURRENT_RENT } from '../rent-reviews/repository';

const FILTER_COLUMNS: Record<TenancyFilter, SQL> = {
  Tenant_name: sql`c.full_name`,
  Tenant_ID_number: sql`t.id_number`,
  PhoneNo: sql`c.phone_no`,
  Email: sql`c.email`,
  Property_name: sql`p.property_name`,
};

/** Which tenancies a list reads, before its filters. */
export type TenancySelection =
  /** An agency's active tenancies, or its ended ones; optionally just one of them. */
  | { agentId: number; ended: boolean; tenancyId?: number | undefined }
  /** The active tenancies on a landlord's properties, whoever manages them. */
  | { landlordNo: number }
  /** One tenancy, active or ended: the caller's right to it is checked before. */
  | { tenancyId: number };

function selectionWhere(s: TenancySelection): { where: SQL; readsProperty: boolean } {
  if ('agentId' in s) {
    const state = s.ended ? sql`t.ended_at IS NOT NULL` : sql`t.ended_at IS NULL`;
    const one = s.tenancyId ? sql` AND t.tenancy_id = ${s.tenancyId}` : sql``;
    return { where: sql`t.agent_id = ${s.agentId} AND ${state}${one}`, readsProperty: false };
  }
  if ('landlordNo' in s) return { where: sql`p.landlord_no = ${s.landlordNo} AND t.ended_at IS NULL`, readsProperty: true };
  return { where: sql`t.tenancy_id = ${s.tenancyId}`, readsProperty: false };
}

export interface TenancyListOptions {
  selection: TenancySelection;
  filterBy?: TenancyFilter | undefined;
  filterValue?: string | undefined;
  withBalancesOnly?: boolean;
  /** Ended tenancies only: those with money still owed either way (balance or deposit held). */
  unsettledOnly?: boolean;
  limit: number;
  offset: number;
  /** Keyset: only tenancies with a smaller id (the list is newest id first), for reading an export in batches. */
  beforeId?: number | undefined;
  /** How many rows past the page's start the total counts before it stops (tests make it small); 0 counts nothing. */
  countAhead?: number;
}

/** Fifty pages of twenty: the count past the page that the list's pager shows. */
export const COUNT_AHEAD = 1_000;

/** How many tenancies the list matches: exactly, or only that there are more than `total`. */
export type ListTotal = { total: number; exact: boolean };

const CLIENT_FILTERS: readonly TenancyFilter[] = ['Tenant_name', 'PhoneNo', 'Email'];

/**
 * One page of tenancies with their balances, and how many match. The page is
 * read in index order (newest id first) and stops at its last row. The total
 * never counts the whole list: a page that is not full ends the list, and
 * otherwise the count stops `countAhead` rows past the page's start (an agency
 * of 10,000 tenancies counted 10,000 index entries on every page before,
 * docs/decisions/018-list-statements.md). Both statements are named, so
 * PostgreSQL prepares them once per connection.
 */
export async function listTenancies(db: DbOrTx, o: TenancyListOptions): Promise<{ rows: TenancyRow[] } & ListTotal> {
  const { where, readsProperty } = selectionWhere(o.selection);
  const filtering = Boolean(o.filterBy && o.filterValue);
  const joinClient = filtering && CLIENT_FILTERS.includes(o.filterBy!);
  const joinProperty = readsProperty || (filtering && o.filterBy === 'Property_name');
  const filter = filtering
    ? sql`AND ${FILTER_COLUMNS[o.filterBy!]} ILIKE ${containsPattern(o.filterValue!)}`
    : sql``;
  const balances = o.withBalancesOnly
    ? sql`AND b.balance_cents > 0`
    : o.unsettledOnly
      ? sql`AND (b.balance_cents <> 0 OR b.deposit_held_cents <> 0)`
      : sql``;
  const before = o.beforeId === undefined ? sql`` : sql`AND t.tenancy_id < ${o.beforeId}`;
  const page = await executeNamed(db, 'tenancies_page', sql`
    SELECT t.tenancy_id, t.house_id, t.agent_id, t.client_no, c.full_name, c.email, c.phone_no,
           c.id_number AS client_id_number, t.id_number, t.employer, t.business, t.next_of_kin_name, t.next_of_kin_phone,
           p.property_name, h.house_number, p.town, p.area_estate, t.start_date, t.ended_at,
           ${CURRENT_RENT} AS rent_cents, t.deposit_cents, coalesce(b.balance_cents, 0)::bigint AS balance,
           coalesce(b.deposit_due_cents, 0)::bigint AS deposit_due, coalesce(b.deposit_held_cents, 0)::bigint AS deposit_held,
           coalesce(b.charges_due_cents, 0)::bigint AS charges_due,
           (SELECT agent_name FROM agents a WHERE a.agent_id = t.agent_id) AS agent_name,
           (SELECT bc.full_name FROM users bu JOIN clients bc ON bc.client_no = bu.client_no WHERE bu.user_no = t.booked_by) AS booked_by
    FROM tenancies t
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    WHERE ${where} ${filter} ${balances} ${before}
    ORDER BY t.tenancy_id DESC
    LIMIT ${o.limit} OFFSET ${o.offset}`);
  const rows = rowsOf<TenancyRow>(page);
  // A page that is not full ends the list: the total needs no count.
  if (rows.length < o.limit && (rows.length > 0 || o.offset === 0)) return { rows, total: o.offset + rows.length, exact: true };
  if (o.countAhead === 0) return { rows, total: o.offset + rows.length, exact: false };
  const upTo = o.offset + (o.countAhead ?? COUNT_AHEAD) + 1;
  const count = await executeNamed(db, 'tenancies_count', sql`
    SELECT count(*)::int AS total FROM (
      SELECT 1
      FROM tenancies t
      ${o.withBalancesOnly || o.unsettledOnly ? sql`JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id` : sql``}
      ${joinClient ? sql`JOIN clients c ON c.client_no = t.client_no` : sql``}
      ${joinProperty ? sql`JOIN houses h ON h.house_id = t.house_id JOIN properties p ON p.prop_id = h.prop_id` : sql``}
      WHERE ${where} ${filter} ${balances}
      LIMIT ${upTo}
    ) counted`);
  const total = Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0);
  return total < upTo ? { rows, total, exact: true } : { rows, total: upTo - 1, exact: false };
}

export interface TenancyRow {
  tenancy_id: number | string;
  house_id: number | string;
  agent_id: number | string;
  agent_name: string;
  client_no: number | string;
  full_name: string;
  email: string;
  phone_no: string;
  client_id_number: string | null;
  id_number: string;
  employer: string;
  business: string;
  next_of_kin_name: string;
  next_of_kin_phone: string;
  property_name: string;
  house_number: string;
  town: string;
  area_estate: string;
  start_date: Date | string;
  ended_at: Date | string | null;
  rent_cents: number | string;
  deposit_cents: number | string;
  balance: number | string;
  deposit_due: number | string;
  deposit_held: number | string;
  charges_due: number | string;
  booked_by: string;
}

/**
 * Counts for the dashboard: active tenancies, those in arrears, and ended ones
 * not yet settled. Like the list's total, each stops `countAhead` rows in
 * (`more` then says there are more): counting every tenancy of the
 * 10,000-tenancy agency joined every agency's balances (165 ms on the bench
 * seed, 16 ms bounded). Each count starts from the agency's own index.
 */
export async function countTenancies(db: DbOrTx, agentId: number, countAhead = COUNT_AHEAD) {
  const upTo = countAhead + 1;
  const result = await executeNamed(db, 'tenancy_counts', sql`
    SELECT
      (SELECT count(*)::int FROM (
         SELECT 1 FROM tenancies t WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL LIMIT ${upTo}) x) AS all,
      (SELECT count(*)::int FROM (
         SELECT 1 FROM tenancy_balances b JOIN tenancies t ON t.tenancy_id = b.tenancy_id
         WHERE b.agent_id = ${agentId} AND t.agent_id = ${agentId} AND t.ended_at IS NULL AND b.balance_cents > 0
         LIMIT ${upTo}) x) AS with_balances,
      (SELECT count(*)::int FROM (
         SELECT 1 FROM tenancies t JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
         WHERE t.agent_id = ${agentId} AND t.ended_at IS NOT NULL AND (b.balance_cents <> 0 OR b.deposit_held_cents <> 0)
         LIMIT ${upTo}) x) AS ended_with_balances`);
  const row = rowsOf<{ all: number; with_balances: number; ended_with_balances: number }>(result)[0]!;
  const bounded = (n: number | string) => ({ count: Math.min(Number(n), countAhead), more: Number(n) > countAhead });
  const all = bounded(row.all);
  const withBalances = bounded(row.with_balances);
  const ended = bounded(row.ended_with_balances);
  return {
    all: all.count,
    withBalances: withBalances.count,
    endedWithBalances: ended.count,
    moreThan: { all: all.more, withBalances: withBalances.more, endedWithBalances: ended.more },
  };
}

/** The house to book, locked: of two bookings at once, the second waits and then sees it occupied. */
export async function houseForBooking(db: DbOrTx, houseId: number) {
  const [house] = await db.select().from(houses).where(eq(houses.houseId, houseId)).for('update');
  return house ?? null;
}

export async function insertTenancy(db: DbOrTx, values: typeof tenancies.$inferInsert) {
  const [created] = await db.insert(tenancies).values(values).returning({ tenancyId: tenancies.tenancyId });
  return created!.tenancyId;
}

export async function setHouseOccupied(db: DbOrTx, houseId: number, occupied: string, at: Date) {
  await db.update(houses).set({ occupied, updatedAt: at }).where(eq(houses.houseId, houseId));
}

export async function endTenancy(db: DbOrTx, tenancyId: number, at: Date, by: number) {
  await db
    .update(tenancies)
    .set({ endedAt: at, endedBy: by })
    .where(and(eq(tenancies.tenancyId, tenancyId), isNull(tenancies.endedAt)));
}

/**
 * A business tenancy (its property's agreement in force on `day` is for
 * commercial use) whose tenant has no KRA PIN: the tenancy screen flags it,
 * as eRITS and a business tenant's own deduction need the PIN (decision 055).
 */
export async function businessTenantWithoutPin(db: DbOrTx, tenancyId: number, day: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT c.kra_pin IS NULL AS missing
    FROM tenancies t JOIN clients c ON c.client_no = t.client_no JOIN houses h ON h.house_id = t.house_id
    WHERE t.tenancy_id = ${tenancyId}
      AND (SELECT m.property_use FROM management_agreements m
           WHERE m.prop_id = h.prop_id AND m.effective_from <= ${day}::date ORDER BY m.effective_from DESC LIMIT 1) = 'commercial'`);
  return rowsOf<{ missing: boolean }>(result)[0]?.missing === true;
}
