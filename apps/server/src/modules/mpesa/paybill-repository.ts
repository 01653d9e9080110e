import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface PaybillRow {
  agentId: number;
  shortcode: string;
  callbackToken: string;
  strictValidation: boolean;
  allowedIps: string;
  ledgerId: number;
  ledgerName: string;
  /** Callbacks post as the agency's owner: the journal names a user for every entry. */
  ownerUserNo: number;
}

const SELECT = sql`
  SELECT p.agent_id, p.shortcode, p.callback_token, p.strict_validation, p.allowed_ips, p.ledger_id, g.ledger_name, a.owner_user_no
  FROM mpesa_paybills p JOIN ledgers g ON g.ledger_id = p.ledger_id JOIN agents a ON a.agent_id = p.agent_id`;

function toPaybill(r: Record<string, unknown>): PaybillRow {
  return {
    agentId: Number(r.agent_id),
    shortcode: String(r.shortcode),
    callbackToken: String(r.callback_token),
    strictValidation: Boolean(r.strict_validation),
    allowedIps: String(r.allowed_ips),
    ledgerId: Number(r.ledger_id),
    ledgerName: String(r.ledger_name),
    ownerUserNo: Number(r.owner_user_no),
  };
}

export async function paybillOf(db: DbOrTx, agentId: number): Promise<PaybillRow | null> {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${SELECT} WHERE p.agent_id = ${agentId}`),
  )[0];
  return row ? toPaybill(row) : null;
}

export async function paybillByToken(db: DbOrTx, token: string): Promise<PaybillRow | null> {
  const row = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${SELECT} WHERE p.callback_token = ${token}`),
  )[0];
  return row ? toPaybill(row) : null;
}

/** The agency's Mpesa ledger, made the first time a paybill is set. */
export async function ensureLedger(db: DbOrTx, agentId: number, name: string): Promise<number> {
  await db.execute(
    sql`INSERT INTO ledgers (agent_id, ledger_name) VALUES (${agentId}, ${name}) ON CONFLICT (agent_id, ledger_name) DO NOTHING`,
  );
  const row = rowsOf<{ ledger_id: string | number }>(
    await db.execute(
      sql`SELECT ledger_id FROM ledgers WHERE agent_id = ${agentId} AND ledger_name = ${name}`,
    ),
  )[0]!;
  return Number(row.ledger_id);
}

export async function savePaybill(
  db: DbOrTx,
  p: {
    agentId: number;
    shortcode: string;
    token: string;
    strictValidation: boolean;
    allowedIps: string;
    ledgerId: number;
    at: Date;
    by: number;
  },
) {
  // The token is kept on later saves: rotating it is a separate, deliberate act.
  await db.execute(sql`
    INSERT INTO mpesa_paybills (agent_id, shortcode, callback_token, strict_validation, allowed_ips, ledger_id, updated_at, updated_by)
    VALUES (${p.agentId}, ${p.shortcode}, ${p.token}, ${p.strictValidation}, ${p.allowedIps}, ${p.ledgerId}, ${p.at.toISOString()}, ${p.by})
    ON CONFLICT (agent_id) DO UPDATE SET shortcode = excluded.shortcode, strict_validation = excluded.strict_validation,
      allowed_ips = excluded.allowed_ips, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

export async function rotateToken(
  db: DbOrTx,
  agentId: number,
  token: string,
  at: Date,
  by: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE mpesa_paybills SET callback_token = ${token}, updated_at = ${at.toISOString()}, updated_by = ${by}
    WHERE agent_id = ${agentId} RETURNING agent_id`);
  return rowsOf(result).length > 0;
}
