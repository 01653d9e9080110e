import { HOUSE_OCCUPIED, MOST_IN_ARREARS_LIMIT, monthStart, nextMonth } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { CURRENT_RENT } from '../rent-reviews/repository';

/*
 * The dashboard's money figures, each one set-based statement over what the
 * journal's triggers keep beside it (or the agency's houses). Every amount
 * here is integer cents.
 *
 * "Standing" entries: a reversal cancels its original line for line, so a
 * reversed transaction and its reversal are both left out; what remains sums
 * to the same balances and tells which charges and receipts still count.
 */

/**
 * Rent charged for `month` against the part of it collected in the month
 * (docs/dashboard-money.md#rent-collection-this-month). Per tenancy, over its
 * standing rent lines posted before the month ends: every credit but this
 * month's receipts (earlier receipts, a deposit applied) settles the older
 * charges first and then this month's; this month's receipts then pay what is
 * left of the older charges (arrears, not counted), then this month's rent
 * (counted), and the rest is rent in advance (not counted). So collected
 * never passes charged.
 *
 * Read without the journal (migration 0047,
 * docs/decisions/029-rent-collection-from-the-months-lines.md): only the
 * month's own lines are read — the standing rent lines kept in
 * tenancy_rent_lines whose charge month or posting day (Nairobi) falls in the
 * month or later (`since`) — so the cost follows one month's activity, not
 * the agency's whole history. What the older lines left owing (older charges
 * less older credits) is the tenancy's rent balance less the net of the
 * month's own lines, since a reversal cancels its original line for line and
 * the balance over every line is the standing one; the month's own lines that
 * still count as older (a charge for an earlier month posted this month, a
 * non-receipt credit posted this month) are then put back. Only tenancies
 * with a line this month can have rent charged or collected in it.
 */
export async function rentCollection(db: DbOrTx, agentId: number, month: string) {
  const from = monthStart(month);
  const to = monthStart(nextMonth(month));
  const result = await db.execute(sql`
    WITH own AS (
      SELECT r.tenancy_id,
             sum(r.debit_cents - r.credit_cents)::bigint AS net_own,
             coalesce(sum(r.debit_cents) FILTER (WHERE r.posted_at < ${to} AND r.kind = 'rent_charge' AND r.charge_month = ${month}), 0)::bigint AS due_now,
             coalesce(sum(r.debit_cents) FILTER (WHERE r.posted_at < ${to} AND r.charge_month < ${month}), 0)::bigint AS due_before_own,
             coalesce(sum(r.credit_cents) FILTER (WHERE r.posted_at < ${to} AND r.kind = 'receipt' AND r.posted_at >= ${from}), 0)::bigint AS received_now,
             coalesce(sum(r.credit_cents) FILTER (WHERE r.posted_at < ${to} AND NOT (r.kind = 'receipt' AND r.posted_at >= ${from})), 0)::bigint AS credited_before_own
      FROM tenancy_rent_lines r
      WHERE r.agent_id = ${agentId} AND r.since >= ${month}
      GROUP BY r.tenancy_id
    ),
    rent AS (
      SELECT o.due_now, o.received_now,
             coalesce(b.balance_cents - b.deposit_due_cents - b.charges_due_cents, 0) - o.net_own
               + o.due_before_own - o.credited_before_own AS owed_before
      FROM own o
      LEFT JOIN tenancy_balances b ON b.tenancy_id = o.tenancy_id AND b.agent_id = ${agentId}
    )
    -- Per tenancy in bigint (sums of cents), so only the two totals are summed as numeric.
    SELECT coalesce(sum(due_now), 0)::bigint AS charged,
           coalesce(sum(least(greatest(due_now - greatest(-owed_before, 0), 0),
                              greatest(received_now - greatest(owed_before, 0), 0))), 0)::bigint AS collected
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
