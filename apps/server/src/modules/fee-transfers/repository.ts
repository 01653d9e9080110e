import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Row = Record<string, string | number | null>;

/**
 * Takes the agent's row for this transaction: a transfer reads every
 * landlord's commission not taken, so two transfers at once are taken one
 * after the other and the second reads what the first left. NO KEY: rows
 * that name the agent (receipts, charges) go on being written meanwhile.
 */
export async function lockAgent(db: DbOrTx, agentId: number) {
  await db.execute(sql`SELECT agent_id FROM agents WHERE agent_id = ${agentId} FOR NO KEY UPDATE`);
}

/**
 * Each landlord of the agent whose commission account holds something:
 * earned (commission and fixed fees) less taken, net of reversals, with the
 * VAT charged on it and not yet taken (decision 054); `notTaken` is both.
 */
export async function commissionNotTaken(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT l.landlord_no, sum(l.credit_cents - l.debit_cents)::bigint AS not_taken,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output'), 0)::bigint AS vat
    FROM landlord_lines l
    WHERE l.agent_id = ${agentId} AND l.account IN ('commission', 'vat_output')
    GROUP BY l.landlord_no
    HAVING sum(l.credit_cents - l.debit_cents) <> 0
    ORDER BY l.landlord_no`);
  return rowsOf<Row>(result).map((r) => ({ landlordNo: Number(r.landlord_no), notTaken: Number(r.not_taken), vat: Number(r.vat) }));
}

export async function transferByKey(db: DbOrTx, agentId: number, key: string) {
  const result = await db.execute(sql`
    SELECT transfer_id, transferred_on::text AS transferred_on, amount_cents, reference FROM fee_transfers WHERE agent_id = ${agentId} AND request_key = ${key}`);
  const row = rowsOf<Row>(result)[0];
  return row
    ? { transferId: Number(row.transfer_id), transferredOn: String(row.transferred_on), amount: Number(row.amount_cents), reference: String(row.reference) }
    : null;
}

export async function insertTransfer(
  db: DbOrTx,
  t: { agentId: number; transferredOn: string; amount: number; reference: string; note: string; key: string; at: Date; by: number },
) {
  const result = await db.execute(sql`
    INSERT INTO fee_transfers (agent_id, transferred_on, amount_cents, reference, note, request_key, created_at, created_by)
    VALUES (${t.agentId}, ${t.transferredOn}, ${t.amount}, ${t.reference}, ${t.note}, ${t.key}, ${t.at.toISOString()}, ${t.by})
    RETURNING transfer_id`);
  return Number(rowsOf<Row>(result)[0]!.transfer_id);
}

export async function insertParts(db: DbOrTx, transferId: number, parts: readonly { landlordNo: number; amount: number; txnId: number }[]) {
  if (parts.length === 0) return;
  const json = JSON.stringify(parts.map((p) => ({ landlord_no: p.landlordNo, amount_cents: p.amount, landlord_txn_id: p.txnId })));
  await db.execute(sql`
    INSERT INTO fee_transfer_parts (transfer_id, landlord_no, amount_cents, landlord_txn_id)
    SELECT ${transferId}::bigint, p.landlord_no, p.amount_cents, p.landlord_txn_id
    FROM jsonb_to_recordset(${json}::jsonb) AS p(landlord_no bigint, amount_cents bigint, landlord_txn_id bigint)`);
}

/** The transfer with its parts, locked, so two reversals of it at once post one set of contra entries. */
export async function transferForUpdate(db: DbOrTx, agentId: number, transferId: number) {
  const result = await db.execute(sql`
    SELECT transfer_id, reversed_at FROM fee_transfers WHERE transfer_id = ${transferId} AND agent_id = ${agentId} FOR UPDATE`);
  const row = rowsOf<Row>(result)[0];
  if (!row) return null;
  const parts = await db.execute(sql`
    SELECT landlord_no, landlord_txn_id FROM fee_transfer_parts WHERE transfer_id = ${transferId} ORDER BY landlord_no`);
  return {
    transferId: Number(row.transfer_id),
    reversed: row.reversed_at !== null,
    parts: rowsOf<Row>(parts).map((p) => ({ landlordNo: Number(p.landlord_no), txnId: Number(p.landlord_txn_id) })),
  };
}

export async function markReversed(db: DbOrTx, t: { transferId: number; at: Date; reason: string; reversals: readonly { landlordNo: number; txnId: number }[] }) {
  const json = JSON.stringify(t.reversals.map((r) => ({ landlord_no: r.landlordNo, txn_id: r.txnId })));
  await db.execute(sql`
    UPDATE fee_transfers SET reversed_at = ${t.at.toISOString()}, reversal_reason = ${t.reason} WHERE transfer_id = ${t.transferId}`);
  await db.execute(sql`
    UPDATE fee_transfer_parts p SET reversal_txn_id = r.txn_id
    FROM jsonb_to_recordset(${json}::jsonb) AS r(landlord_no bigint, txn_id bigint)
    WHERE p.transfer_id = ${t.transferId} AND p.landlord_no = r.landlord_no`);
}

/** The agent's transfers, newest first, each with the landlords whose commission it took. */
export async function transfersOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT f.transfer_id, f.transferred_on::text AS transferred_on, f.amount_cents, f.reference, f.note, f.reversal_reason, f.reversed_at,
           coalesce((SELECT jsonb_agg(jsonb_build_object('landlord_no', p.landlord_no, 'full_name', c.full_name, 'amount_cents', p.amount_cents)
                                      ORDER BY c.full_name, p.landlord_no)
                     FROM fee_transfer_parts p JOIN clients c ON c.client_no = p.landlord_no
                     WHERE p.transfer_id = f.transfer_id), '[]'::jsonb) AS parts
    FROM fee_transfers f
    WHERE f.agent_id = ${agentId}
    ORDER BY f.transferred_on DESC, f.transfer_id DESC
    LIMIT 1000`);
  return rowsOf<Record<string, unknown>>(result);
}
