import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Row = Record<string, string | number | null>;

/** The property with its landlord, when it is the agent's. */
export async function propertyOf(db: DbOrTx, agentId: number, propId: number) {
  const result = await db.execute(sql`
    SELECT prop_id, landlord_no, property_name FROM properties WHERE prop_id = ${propId} AND agent_id = ${agentId}`);
  const row = rowsOf<Row>(result)[0];
  return row ? { propId: Number(row.prop_id), landlordNo: Number(row.landlord_no), name: String(row.property_name) } : null;
}

/**
 * Per property and pass-through charge of the agent: what tenants paid on it
 * (collections net of their reversals), what was paid onward (net of
 * reversed payments), and what stays owed onward — each a sum over the
 * landlord journal's `pass_through` lines, a reversal counted under the kind
 * it reverses. One property and charge, or one landlord's, when asked.
 */
export async function owedOnward(db: DbOrTx, agentId: number, o: { propId?: number; charge?: string; landlordNo?: number | undefined } = {}) {
  const prop = o.propId === undefined ? sql`` : sql`AND l.prop_id = ${o.propId}`;
  const charge = o.charge === undefined ? sql`` : sql`AND l.sub_account = ${o.charge}`;
  const landlord = o.landlordNo === undefined ? sql`` : sql`AND p.landlord_no = ${o.landlordNo}`;
  const result = await db.execute(sql`
    SELECT l.prop_id, p.property_name, p.landlord_no, c.full_name, l.sub_account, rc.name AS charge_name,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE k.kind = 'collection'), 0)::bigint AS collected,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE k.kind = 'pass_through_payment'), 0)::bigint AS paid,
      sum(l.credit_cents - l.debit_cents)::bigint AS owed
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    CROSS JOIN LATERAL (SELECT coalesce(o.kind, t.kind) AS kind) k
    JOIN properties p ON p.prop_id = l.prop_id
    JOIN clients c ON c.client_no = p.landlord_no
    LEFT JOIN recurring_charges rc ON l.sub_account = 'charge:' || rc.charge_id
    WHERE l.agent_id = ${agentId} AND l.account = 'pass_through' ${prop} ${charge} ${landlord}
    GROUP BY l.prop_id, p.property_name, p.landlord_no, c.full_name, l.sub_account, rc.name
    ORDER BY p.property_name, l.prop_id, l.sub_account`);
  return rowsOf<Row>(result);
}

export async function paymentByKey(db: DbOrTx, agentId: number, key: string) {
  const result = await db.execute(sql`
    SELECT payment_id, prop_id, sub_account, amount_cents FROM pass_through_payments WHERE agent_id = ${agentId} AND request_key = ${key}`);
  const row = rowsOf<Row>(result)[0];
  return row ? { paymentId: Number(row.payment_id), propId: Number(row.prop_id), charge: String(row.sub_account), amount: Number(row.amount_cents) } : null;
}

export async function insertPayment(
  db: DbOrTx,
  p: {
    agentId: number;
    propId: number;
    landlordNo: number;
    charge: string;
    payee: string;
    paidOn: string;
    amount: number;
    method: string;
    reference: string;
    note: string;
    key: string;
    txnId: number;
    at: Date;
    by: number;
  },
) {
  const result = await db.execute(sql`
    INSERT INTO pass_through_payments (agent_id, prop_id, landlord_no, sub_account, payee, paid_on, amount_cents, method, reference, note,
      request_key, landlord_txn_id, created_at, created_by)
    VALUES (${p.agentId}, ${p.propId}, ${p.landlordNo}, ${p.charge}, ${p.payee}, ${p.paidOn}, ${p.amount}, ${p.method}, ${p.reference}, ${p.note},
      ${p.key}, ${p.txnId}, ${p.at.toISOString()}, ${p.by})
    RETURNING payment_id`);
  return Number(rowsOf<Row>(result)[0]!.payment_id);
}

/** The payment, locked, so two reversals of it at once post one contra entry. */
export async function paymentForUpdate(db: DbOrTx, agentId: number, paymentId: number) {
  const result = await db.execute(sql`
    SELECT payment_id, landlord_txn_id, reversal_txn_id FROM pass_through_payments
    WHERE payment_id = ${paymentId} AND agent_id = ${agentId} FOR UPDATE`);
  const row = rowsOf<Row>(result)[0];
  return row ? { paymentId: Number(row.payment_id), txnId: Number(row.landlord_txn_id), reversed: row.reversal_txn_id !== null } : null;
}

export async function markReversed(db: DbOrTx, paymentId: number, reversalTxnId: number, reason: string) {
  await db.execute(sql`
    UPDATE pass_through_payments SET reversal_txn_id = ${reversalTxnId}, reversal_reason = ${reason} WHERE payment_id = ${paymentId}`);
}

/** The agent's payments onward, newest first; one landlord's when asked. */
export async function paymentsOf(db: DbOrTx, agentId: number, landlordNo?: number) {
  const landlord = landlordNo === undefined ? sql`` : sql`AND x.landlord_no = ${landlordNo}`;
  const result = await db.execute(sql`
    SELECT x.payment_id, x.prop_id, p.property_name, x.landlord_no, x.sub_account, rc.name AS charge_name, x.payee, x.paid_on::text AS paid_on,
           x.amount_cents, x.method, x.reference, x.note, x.reversal_reason, x.reversal_txn_id
    FROM pass_through_payments x
    JOIN properties p ON p.prop_id = x.prop_id
    LEFT JOIN recurring_charges rc ON x.sub_account = 'charge:' || rc.charge_id
    WHERE x.agent_id = ${agentId} ${landlord}
    ORDER BY x.paid_on DESC, x.payment_id DESC
    LIMIT 1000`);
  return rowsOf<Row>(result);
}
