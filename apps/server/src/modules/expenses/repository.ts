import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** The agent's property with its landlord and the approval amount of the agreement in force on `day`. */
export async function propertyForExpense(db: DbOrTx, agentId: number, propId: number, day: string) {
  const result = await db.execute(sql`
    SELECT p.prop_id, p.landlord_no, c.full_name,
      (SELECT m.approval_threshold_cents FROM management_agreements m
       WHERE m.prop_id = p.prop_id AND m.effective_from <= ${day}::date ORDER BY m.effective_from DESC LIMIT 1) AS threshold
    FROM properties p JOIN clients c ON c.client_no = p.landlord_no
    WHERE p.prop_id = ${propId} AND p.agent_id = ${agentId}`);
  const row = rowsOf<Record<string, string | number | null>>(result)[0];
  return row
    ? { propId: Number(row.prop_id), landlordNo: Number(row.landlord_no), name: String(row.full_name), threshold: row.threshold == null ? null : Number(row.threshold) }
    : null;
}

export async function houseOnProperty(db: DbOrTx, houseId: number, propId: number) {
  return rowsOf(await db.execute(sql`SELECT 1 FROM houses WHERE house_id = ${houseId} AND prop_id = ${propId}`)).length > 0;
}

export interface NewExpense {
  agentId: number;
  propId: number;
  houseId: number | null;
  landlordNo: number;
  expenseDate: string;
  category: string;
  payee: string;
  amount: number;
  reference: string;
  note: string;
  status: 'awaiting_approval' | 'posted';
  txnId: number | null;
  at: Date;
  by: number;
}

export async function insertExpense(db: DbOrTx, e: NewExpense) {
  const result = await db.execute(sql`
    INSERT INTO property_expenses (agent_id, prop_id, house_id, landlord_no, expense_date, category, payee, amount_cents, reference, note,
      status, landlord_txn_id, created_at, created_by)
    VALUES (${e.agentId}, ${e.propId}, ${e.houseId}, ${e.landlordNo}, ${e.expenseDate}, ${e.category}, ${e.payee}, ${e.amount}, ${e.reference},
      ${e.note}, ${e.status}, ${e.txnId}, ${e.at.toISOString()}, ${e.by})
    RETURNING expense_id`);
  return Number(rowsOf<{ expense_id: string | number }>(result)[0]!.expense_id);
}

/** One expense of the agent, its row locked for the caller's transaction. */
export async function expenseForUpdate(db: DbOrTx, agentId: number, expenseId: number) {
  const result = await db.execute(sql`
    SELECT e.expense_id, e.prop_id, e.landlord_no, e.amount_cents, e.status, e.landlord_txn_id, e.expense_date::text AS expense_date,
           e.payee, e.category, c.full_name
    FROM property_expenses e JOIN clients c ON c.client_no = e.landlord_no
    WHERE e.expense_id = ${expenseId} AND e.agent_id = ${agentId}
    FOR UPDATE OF e`);
  const r = rowsOf<Record<string, string | number | null>>(result)[0];
  return r
    ? {
        expenseId: Number(r.expense_id),
        propId: Number(r.prop_id),
        landlordNo: Number(r.landlord_no),
        name: String(r.full_name),
        amount: Number(r.amount_cents),
        status: String(r.status),
        txnId: r.landlord_txn_id == null ? null : Number(r.landlord_txn_id),
        expenseDate: String(r.expense_date),
        payee: String(r.payee),
        category: String(r.category),
      }
    : null;
}

export async function markPosted(db: DbOrTx, expenseId: number, txnId: number, at: Date, by: number) {
  await db.execute(sql`
    UPDATE property_expenses SET status = 'posted', landlord_txn_id = ${txnId}, decided_at = ${at.toISOString()}, decided_by = ${by}
    WHERE expense_id = ${expenseId}`);
}

export async function markRejected(db: DbOrTx, expenseId: number, at: Date, by: number) {
  await db.execute(sql`
    UPDATE property_expenses SET status = 'rejected', decided_at = ${at.toISOString()}, decided_by = ${by} WHERE expense_id = ${expenseId}`);
}

export async function markReversed(db: DbOrTx, expenseId: number, reversalTxnId: number, reason: string) {
  await db.execute(sql`
    UPDATE property_expenses SET status = 'reversed', reversal_txn_id = ${reversalTxnId}, reversal_reason = ${reason} WHERE expense_id = ${expenseId}`);
}

export async function saveReceipt(db: DbOrTx, agentId: number, expenseId: number, file: { bytes: Buffer; type: string; name: string }) {
  const result = await db.execute(sql`
    UPDATE property_expenses SET receipt_file = ${file.bytes}, receipt_type = ${file.type}, receipt_name = ${file.name}
    WHERE expense_id = ${expenseId} AND agent_id = ${agentId} RETURNING expense_id`);
  return rowsOf(result).length > 0;
}

export async function receiptOf(db: DbOrTx, agentId: number, expenseId: number) {
  const result = await db.execute(sql`
    SELECT receipt_file, receipt_type, receipt_name FROM property_expenses WHERE expense_id = ${expenseId} AND agent_id = ${agentId}`);
  const r = rowsOf<{ receipt_file: Uint8Array | null; receipt_type: string | null; receipt_name: string | null }>(result)[0];
  return r ? r : null;
}

/** The agent's expenses, newest first; one landlord's when asked. */
export async function expensesOf(db: DbOrTx, agentId: number, landlordNo?: number) {
  const landlord = landlordNo === undefined ? sql`` : sql`AND e.landlord_no = ${landlordNo}`;
  const result = await db.execute(sql`
    SELECT e.expense_id, e.prop_id, p.property_name, e.house_id, h.house_number, e.landlord_no, e.expense_date::text AS expense_date, e.category,
           e.payee, e.amount_cents, e.reference, e.note, e.status, e.receipt_file IS NOT NULL AS has_receipt, e.receipt_name, e.reversal_reason
    FROM property_expenses e JOIN properties p ON p.prop_id = e.prop_id LEFT JOIN houses h ON h.house_id = e.house_id
    WHERE e.agent_id = ${agentId} ${landlord}
    ORDER BY e.expense_date DESC, e.expense_id DESC
    LIMIT 1000`);
  return rowsOf<Record<string, string | number | boolean | null>>(result);
}
