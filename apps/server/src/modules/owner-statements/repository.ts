import { ACCOUNTING_TIME_ZONE } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Row = Record<string, string | number | boolean | null>;
interface Period {
  agentId: number;
  landlordNo: number;
  from: string;
  to: string;
}

/**
 * The landlord account's movements before and within the period, by what
 * moved it (a reversal counts under the kind it reverses), from the landlord
 * journal's lines by the month they are booked in: their money date's, or
 * the first open month when that one was closed (decision 036).
 */
export async function accountFigures(db: DbOrTx, p: Period) {
  const result = await db.execute(sql`
    SELECT
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'landlord' AND t.book_month < ${p.from}::date), 0)::bigint AS opening,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'landlord' AND k.kind = 'opening_balance' AND t.book_month = ${p.from}::date), 0)::bigint AS brought_forward,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'collected' AND t.book_month = ${p.from}::date), 0)::bigint AS collected,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'collected' AND coalesce(l.sub_account, 'rent') = 'rent' AND t.book_month = ${p.from}::date), 0)::bigint AS rent_collected,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'pass_through' AND k.kind = 'collection' AND t.book_month = ${p.from}::date), 0)::bigint AS passed_on,
      -- Paying it onward is not the landlord's money moving: it stays out of Closing, shown beside it.
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'pass_through'), 0)::bigint AS owed_onward,
      -- Earned stays earned: the agency moving its fees out of the client account is shown beside it, not netted.
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission' AND k.kind <> 'fee_transfer' AND t.book_month = ${p.from}::date), 0)::bigint AS commission,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output' AND k.kind <> 'fee_transfer' AND t.book_month = ${p.from}::date), 0)::bigint AS vat,
      -- The VAT on the fees leaves the client account with them (decision 054).
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account IN ('commission', 'vat_output') AND k.kind = 'fee_transfer' AND t.book_month = ${p.from}::date), 0)::bigint AS fees_transferred,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'tax_payable' AND k.kind = 'collection' AND t.book_month = ${p.from}::date), 0)::bigint AS tax,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'landlord' AND k.kind = 'expense' AND t.book_month = ${p.from}::date), 0)::bigint AS expenses,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'landlord' AND k.kind = 'payout' AND t.book_month = ${p.from}::date), 0)::bigint AS payouts,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'landlord'), 0)::bigint AS closing
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    CROSS JOIN LATERAL (SELECT coalesce(o.kind, t.kind) AS kind) k
    WHERE l.agent_id = ${p.agentId} AND l.landlord_no = ${p.landlordNo} AND t.book_month <= ${p.from}::date`);
  const r = rowsOf<Row>(result)[0]!;
  return {
    opening: Number(r.opening),
    broughtForward: Number(r.brought_forward),
    collected: Number(r.collected),
    rentCollected: Number(r.rent_collected),
    passedOn: Number(r.passed_on),
    commission: Number(r.commission),
    vat: Number(r.vat),
    feesTransferred: Number(r.fees_transferred),
    tax: Number(r.tax),
    expenses: Number(r.expenses),
    payouts: Number(r.payouts),
    closing: Number(r.closing),
    owedOnward: Number(r.owed_onward),
  };
}

/**
 * Each house of the landlord's properties with the agent: one row per tenancy
 * that ran in the period (rent charged for the period's months, rent
 * collected, rent arrears at its end), and a row for a house let to nobody at
 * the period's end.
 */
export async function houseFigures(db: DbOrTx, p: Period) {
  const end = sql`(${p.to}::date + 1)::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}`;
  const start = sql`${p.from}::date::timestamp AT TIME ZONE ${ACCOUNTING_TIME_ZONE}`;
  const result = await db.execute(sql`
    SELECT pr.prop_id, pr.property_name, h.house_id, h.house_number, t.tenancy_id, c.full_name,
      coalesce((SELECT sum(l.debit_cents - l.credit_cents) FROM journal_lines l JOIN journal_transactions j ON j.txn_id = l.txn_id
                LEFT JOIN journal_transactions o ON o.txn_id = j.reverses_txn_id
                WHERE l.account = 'tenant' AND l.tenancy_id = t.tenancy_id AND l.sub_account = 'rent'
                  AND coalesce(o.kind, j.kind) = 'rent_charge' AND coalesce(o.charge_month, j.charge_month) BETWEEN ${p.from}::date AND ${p.to}::date), 0)::bigint AS charged,
      coalesce((SELECT sum(ll.debit_cents - ll.credit_cents) FROM landlord_lines ll JOIN landlord_txns lt ON lt.txn_id = ll.txn_id
                WHERE ll.account = 'collected' AND coalesce(ll.sub_account, 'rent') = 'rent' AND ll.tenancy_id = t.tenancy_id AND lt.book_month = ${p.from}::date), 0)::bigint AS collected,
      greatest(0, coalesce((SELECT sum(l.debit_cents - l.credit_cents) FROM journal_lines l JOIN journal_transactions j ON j.txn_id = l.txn_id
                WHERE l.account = 'tenant' AND l.tenancy_id = t.tenancy_id AND l.sub_account = 'rent' AND j.posted_at < ${end}), 0))::bigint AS arrears,
      NOT EXISTS (SELECT 1 FROM tenancies a WHERE a.house_id = h.house_id AND a.start_date < ${end} AND (a.ended_at IS NULL OR a.ended_at >= ${end})) AS vacant
    FROM properties pr
    JOIN houses h ON h.prop_id = pr.prop_id
    LEFT JOIN tenancies t ON t.house_id = h.house_id AND t.start_date < ${end} AND (t.ended_at IS NULL OR t.ended_at >= ${start})
    LEFT JOIN clients c ON c.client_no = t.client_no
    WHERE pr.agent_id = ${p.agentId} AND pr.landlord_no = ${p.landlordNo}
    ORDER BY pr.property_name, pr.prop_id, h.house_number, t.tenancy_id`);
  return rowsOf<Row>(result);
}

/** Expenses paid in the period, and reversals of expenses (as negative amounts). */
export async function expenseLines(db: DbOrTx, p: Period) {
  const result = await db.execute(sql`
    SELECT e.expense_id, t.money_date::text AS money_date, pr.property_name, h.house_number, e.category,
           CASE WHEN t.kind = 'reversal' THEN 'Reversed: ' || e.payee ELSE e.payee END AS payee,
           CASE WHEN t.kind = 'reversal' THEN -e.amount_cents ELSE e.amount_cents END AS amount
    FROM property_expenses e
    JOIN landlord_txns t ON t.txn_id IN (e.landlord_txn_id, e.reversal_txn_id)
    JOIN properties pr ON pr.prop_id = e.prop_id
    LEFT JOIN houses h ON h.house_id = e.house_id
    WHERE e.agent_id = ${p.agentId} AND e.landlord_no = ${p.landlordNo} AND t.book_month = ${p.from}::date
    ORDER BY t.money_date, t.txn_id`);
  return rowsOf<Row>(result);
}

export async function payoutLines(db: DbOrTx, p: Period) {
  const result = await db.execute(sql`
    SELECT p.payout_id, p.payout_date::text AS payout_date, p.method, p.reference, p.amount_cents
    FROM landlord_payouts p JOIN landlord_txns t ON t.txn_id = p.landlord_txn_id
    WHERE p.agent_id = ${p.agentId} AND p.landlord_no = ${p.landlordNo} AND t.book_month = ${p.from}::date
    ORDER BY p.payout_date, p.payout_id`);
  return rowsOf<Row>(result);
}

/** Money passed on paid to its third parties in the period, and reversals of such payments (as negative amounts). */
export async function paidOnwardLines(db: DbOrTx, p: Period) {
  const result = await db.execute(sql`
    SELECT x.payment_id, t.money_date::text AS money_date, pr.property_name, x.sub_account, rc.name AS charge_name, x.method, x.reference,
           CASE WHEN t.kind = 'reversal' THEN 'Reversed: ' || x.payee ELSE x.payee END AS payee,
           CASE WHEN t.kind = 'reversal' THEN -x.amount_cents ELSE x.amount_cents END AS amount
    FROM pass_through_payments x
    JOIN landlord_txns t ON t.txn_id IN (x.landlord_txn_id, x.reversal_txn_id)
    JOIN properties pr ON pr.prop_id = x.prop_id
    LEFT JOIN recurring_charges rc ON x.sub_account = 'charge:' || rc.charge_id
    WHERE x.agent_id = ${p.agentId} AND x.landlord_no = ${p.landlordNo} AND t.book_month = ${p.from}::date
    ORDER BY t.money_date, t.txn_id`);
  return rowsOf<Row>(result);
}

/**
 * What was booked into the period but concerns an earlier month that was
 * closed when it came: dated as it happened, naming that month, with its
 * effect on the landlord's account.
 */
export async function lateItems(db: DbOrTx, p: Period) {
  const result = await db.execute(sql`
    SELECT t.txn_id, t.money_date::text AS money_date, to_char(t.concerns_month, 'YYYY-MM') AS concerns, t.kind, t.details,
      coalesce((SELECT sum(l.credit_cents - l.debit_cents) FROM landlord_lines l WHERE l.txn_id = t.txn_id AND l.account = 'landlord'), 0)::bigint AS amount
    FROM landlord_txns t
    WHERE t.agent_id = ${p.agentId} AND t.landlord_no = ${p.landlordNo} AND t.book_month = ${p.from}::date
      AND (t.amends OR t.book_month > date_trunc('month', t.money_date)::date)
    ORDER BY t.money_date, t.txn_id`);
  return rowsOf<Row>(result);
}

export async function kraPinOf(db: DbOrTx, landlordNo: number) {
  const result = await db.execute(sql`SELECT kra_pin FROM landlord_tax_details WHERE client_no = ${landlordNo}`);
  return rowsOf<{ kra_pin: string }>(result)[0]?.kra_pin ?? null;
}

export async function emailOf(db: DbOrTx, landlordNo: number) {
  const result = await db.execute(sql`SELECT email FROM clients WHERE client_no = ${landlordNo}`);
  return rowsOf<{ email: string | null }>(result)[0]?.email ?? null;
}

