import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export async function payoutByKey(db: DbOrTx, agentId: number, key: string, landlordNo: number) {
  const result = await db.execute(sql`
    SELECT payout_id, amount_cents FROM landlord_payouts WHERE agent_id = ${agentId} AND request_key = ${key} AND landlord_no = ${landlordNo}`);
  const row = rowsOf<{ payout_id: string | number; amount_cents: string | number }>(result)[0];
  return row ? { payoutId: Number(row.payout_id), amount: Number(row.amount_cents) } : null;
}

export async function insertPayout(
  db: DbOrTx,
  p: { agentId: number; landlordNo: number; amount: number; payoutDate: string; method: string; reference: string; key: string; txnId: number; at: Date; by: number },
) {
  const result = await db.execute(sql`
    INSERT INTO landlord_payouts (agent_id, landlord_no, amount_cents, payout_date, method, reference, request_key, landlord_txn_id, created_at, created_by)
    VALUES (${p.agentId}, ${p.landlordNo}, ${p.amount}, ${p.payoutDate}, ${p.method}, ${p.reference}, ${p.key}, ${p.txnId}, ${p.at.toISOString()}, ${p.by})
    RETURNING payout_id`);
  return Number(rowsOf<{ payout_id: string | number }>(result)[0]!.payout_id);
}

/** The agent's payouts, newest first; one landlord's, or one payout, when asked. */
export async function payoutsOf(db: DbOrTx, agentId: number, o: { landlordNo?: number | undefined; payoutId?: number } = {}) {
  const landlord = o.landlordNo === undefined ? sql`` : sql`AND p.landlord_no = ${o.landlordNo}`;
  const one = o.payoutId === undefined ? sql`` : sql`AND p.payout_id = ${o.payoutId}`;
  const result = await db.execute(sql`
    SELECT p.payout_id, p.landlord_no, c.full_name, p.amount_cents, p.payout_date::text AS payout_date, p.method, p.reference, p.created_at
    FROM landlord_payouts p JOIN clients c ON c.client_no = p.landlord_no
    WHERE p.agent_id = ${agentId} ${landlord} ${one}
    ORDER BY p.payout_date DESC, p.payout_id DESC
    LIMIT 1000`);
  return rowsOf<Record<string, string | number>>(result);
}

/**
 * Every landlord the agent owes money, with the payout details and
 * remittance day of the newest agreement on any of their properties.
 */
export async function remittanceDue(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    WITH owed AS (
      SELECT landlord_no, sum(credit_cents - debit_cents)::bigint AS balance
      FROM landlord_lines WHERE agent_id = ${agentId} AND account = 'landlord'
      GROUP BY landlord_no HAVING sum(credit_cents - debit_cents) > 0
    )
    SELECT o.landlord_no, c.full_name, o.balance, a.remittance_day, a.payout_method, a.payout_bank, a.payout_account, a.payout_phone
    FROM owed o JOIN clients c ON c.client_no = o.landlord_no
    LEFT JOIN LATERAL (
      SELECT m.remittance_day, m.payout_method, m.payout_bank, m.payout_account, m.payout_phone
      FROM management_agreements m JOIN properties p ON p.prop_id = m.prop_id
      WHERE m.agent_id = ${agentId} AND p.landlord_no = o.landlord_no
      ORDER BY m.effective_from DESC, m.agreement_id DESC LIMIT 1
    ) a ON true
    ORDER BY c.full_name, o.landlord_no`);
  return rowsOf<Record<string, string | number | null>>(result);
}
