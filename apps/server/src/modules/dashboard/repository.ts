import { HOUSE_OCCUPIED, MOST_IN_ARREARS_LIMIT } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { CURRENT_RENT } from '../rent-reviews/repository';

/*
 * The dashboard's money figures, each one set-based statement over the
 * agency's journal (or its houses). Every amount here is integer cents.
 *
 * "Standing" entries: a reversal cancels its original line for line, so a
 * reversed transaction and its reversal are both left out; what remains sums
 * to the same balances and tells which charges and receipts still count.
 *
 * A line's agency is its transaction's (the journal's guards hold it so);
 * saying so lets the planner start from the agency's own rent lines
 * (journal_lines_agency_rent, migration 0024) rather than every agency's.
 */
const STANDING = sql`j.kind <> 'reversal'
  AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)`;

/**
 * Rent charged for `month` against the part of it collected in the month
 * (docs/dashboard-money.md#rent-collection-this-month). Per tenancy, over its
 * standing rent lines: every credit but this month's receipts (earlier
 * receipts, a deposit applied) settles the older charges first and then this
 * month's; this month's receipts then pay what is left of the older charges
 * (arrears, not counted), then this month's rent (counted), and the rest is
 * rent in advance (not counted). So collected never passes charged.
 */
export async function rentCollection(db: DbOrTx, agentId: number, month: string, from: Date, to: Date) {
  const result = await db.execute(sql`
    WITH rent AS (
      SELECT j.tenancy_id,
             coalesce(sum(l.debit_cents) FILTER (WHERE j.kind = 'rent_charge' AND j.charge_month = ${month}), 0) AS due_now,
             coalesce(sum(l.debit_cents) FILTER (WHERE coalesce(j.charge_month < ${month}, j.posted_at < ${from})), 0) AS due_before,
             coalesce(sum(l.credit_cents) FILTER (WHERE j.kind = 'receipt' AND j.posted_at >= ${from}), 0) AS received_now,
             coalesce(sum(l.credit_cents) FILTER (WHERE NOT (j.kind = 'receipt' AND j.posted_at >= ${from})), 0) AS credited_before
      FROM journal_transactions j
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.agent_id = j.agent_id AND l.account = 'tenant' AND l.sub_account = 'rent'
      WHERE j.agent_id = ${agentId} AND j.posted_at < ${to} AND ${STANDING}
      GROUP BY j.tenancy_id
    )
    SELECT coalesce(sum(due_now), 0)::bigint AS charged,
           coalesce(sum(least(greatest(due_now - greatest(credited_before - due_before, 0), 0),
                              greatest(received_now - greatest(due_before - credited_before, 0), 0))), 0)::bigint AS collected
    FROM rent`);
  const row = rowsOf<{ charged: string | number; collected: string | number }>(result)[0]!;
  return { charged: Number(row.charged), collected: Number(row.collected) };
}

/**
 * Each tenancy's rent arrears split by age, first in first out: the tenancy's
 * standing rent credits (receipts, deposit applied) settle its standing rent
 * charges oldest first, and what is left unpaid of each charge is as old as
 * the charge. A charge falls due on the first of the month it charges, or on
 * the start date (Nairobi) for a tenancy that began later in that month; its
 * age is the whole days from then to `today`. Bands are the domain's
 * ARREARS_AGES: 0–30, 31–60, 61–90 and over 90 days. Per tenancy the bands
 * add up to its rent sub-account's balance when that is positive, else to 0.
 *
 * Read without the journal (migration 0043): the standing charges with their
 * due day are kept in tenancy_rent_charges, and the tenancy's rent balance
 * (tenancy_balances) is what its credits left unpaid — a reversal cancels its
 * original line for line, so the balance over every line is the standing
 * one. First in first out, what is unpaid is the newest charges adding up to
 * that balance: each charge is unpaid by the balance less the charges newer
 * than it (a transaction's own lines, due the same day, count as one, as the
 * journal's running total counted them), at most its own amount. Only the
 * tenancies that owe rent are read. A band missing from the answer is zero.
 */
export async function arrearsByAge(db: DbOrTx, agentId: number, today: string) {
  const result = await db.execute(sql`
    WITH owed AS (
      SELECT b.tenancy_id, b.balance_cents - b.deposit_due_cents - b.charges_due_cents AS rent_owed
      FROM tenancy_balances b
      WHERE b.agent_id = ${agentId} AND b.balance_cents - b.deposit_due_cents - b.charges_due_cents > 0
    ),
    unpaid AS (
      SELECT c.tenancy_id, ${today}::date - c.due AS age,
             least(c.cents, o.rent_owed - coalesce(sum(c.cents) OVER (
               PARTITION BY c.tenancy_id ORDER BY c.due DESC, c.txn_id DESC
               RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE GROUP), 0)) AS cents
      FROM tenancy_rent_charges c
      JOIN owed o ON o.tenancy_id = c.tenancy_id
      WHERE c.agent_id = ${agentId}
    ),
    per_tenancy AS (
      SELECT tenancy_id, CASE WHEN age <= 30 THEN 0 WHEN age <= 60 THEN 1 WHEN age <= 90 THEN 2 ELSE 3 END AS band,
             sum(cents) AS cents
      FROM unpaid
      WHERE cents > 0
      GROUP BY 1, 2
    )
    SELECT band, sum(cents)::bigint AS cents, count(*)::int AS tenancies
    FROM per_tenancy
    GROUP BY band
    ORDER BY band`);
  return rowsOf<{ band: number; cents: string | number; tenancies: number }>(result).map((r) => ({
    band: Number(r.band),
    cents: Number(r.cents),
    tenancies: Number(r.tenancies),
  }));
}

/**
 * The tenancies owing the most rent (rent sub-account), active or ended; ties
 * by tenancy id. The agency's own balances are ranked first, through their
 * agency index (migration 0037), and only the few that make the list are
 * joined to their tenant and house: 280 ms to a few for the 10,000-tenancy
 * agency on the bench seed, where joining every agency's balances to
 * tenancies first was a hash join over all 100,013.
 */
export async function mostInArrears(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    WITH top AS (
      SELECT b.tenancy_id, (b.balance_cents - b.deposit_due_cents)::bigint AS rent_arrears, b.deposit_due_cents, b.charges_due_cents
      FROM tenancy_balances b
      WHERE b.agent_id = ${agentId} AND b.balance_cents - b.deposit_due_cents > 0
      ORDER BY rent_arrears DESC, b.tenancy_id
      LIMIT ${MOST_IN_ARREARS_LIMIT}
    )
    SELECT t.tenancy_id, c.full_name, p.property_name, h.house_number, ${CURRENT_RENT} AS rent_cents, t.ended_at,
           top.rent_arrears, top.deposit_due_cents, top.charges_due_cents
    FROM top
    JOIN tenancies t ON t.tenancy_id = top.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    ORDER BY top.rent_arrears DESC, top.tenancy_id`);
  return rowsOf<{
    tenancy_id: string | number;
    full_name: string;
    property_name: string;
    house_number: string;
    rent_cents: string | number;
    ended_at: Date | string | null;
    rent_arrears: string | number;
    deposit_due_cents: string | number;
    charges_due_cents: string | number;
  }>(result).map((r) => ({
    tenancyId: Number(r.tenancy_id),
    tenant: r.full_name,
    property: r.property_name,
    house: r.house_number,
    rentCents: Number(r.rent_cents),
    ended: r.ended_at !== null,
    rentArrearsCents: Number(r.rent_arrears),
    depositDueCents: Number(r.deposit_due_cents),
    /** Owed on charges other than rent and deposit: part of the arrears shown, not of MonthLapse. */
    chargesDueCents: Number(r.charges_due_cents),
  }));
}

/**
 * Occupied houses of all houses, per property of the agency (a property without
 * houses shows 0 of 0). Counted per property from the (prop_id, occupied)
 * index alone, rather than joining every agency's houses to the agency's
 * properties (157 ms to 4 ms for the 10,000-house agency on the bench seed).
 */
export async function occupancy(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT p.prop_id, p.property_name, o.occupied, o.total
    FROM properties p
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE h.occupied = ${HOUSE_OCCUPIED.YES})::int AS occupied, count(*)::int AS total
      FROM houses h
      WHERE h.prop_id = p.prop_id
    ) o
    WHERE p.agent_id = ${agentId}
    ORDER BY p.prop_id`);
  return rowsOf<{ prop_id: string | number; property_name: string; occupied: number; total: number }>(
    result,
  ).map((r) => ({
    propId: Number(r.prop_id),
    name: r.property_name,
    occupied: Number(r.occupied),
    total: Number(r.total),
  }));
}
