import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { tenantHoldingsBefore } from '../landlord-money/repository';

type Row = Record<string, unknown>;

/** The agent's row for this transaction: accounts switched off and reconciliations replaced are taken one after the other. */
export async function lockAgent(db: DbOrTx, agentId: number) {
  await db.execute(sql`SELECT agent_id FROM agents WHERE agent_id = ${agentId} FOR NO KEY UPDATE`);
}

export async function accountsOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT account_id, name, kind, number, active FROM client_accounts WHERE agent_id = ${agentId} ORDER BY active DESC, name, account_id`);
  return rowsOf<Row>(result).map((r) => ({
    accountId: Number(r.account_id),
    name: String(r.name),
    kind: String(r.kind) as 'bank' | 'paybill',
    number: String(r.number),
    active: Boolean(r.active),
  }));
}

export async function insertAccount(db: DbOrTx, a: { agentId: number; name: string; kind: string; number: string; at: Date; by: number }) {
  const at = a.at.toISOString();
  const result = await db.execute(sql`
    INSERT INTO client_accounts (agent_id, name, kind, number, created_at, created_by, updated_at, updated_by)
    VALUES (${a.agentId}, ${a.name}, ${a.kind}, ${a.number}, ${at}, ${a.by}, ${at}, ${a.by}) RETURNING account_id`);
  return Number(rowsOf<Row>(result)[0]!.account_id);
}

/** Changes one of the agent's accounts; false when the agent has no such account. */
export async function updateAccount(
  db: DbOrTx,
  a: { agentId: number; accountId: number; name: string; kind: string; number: string; active: boolean; at: Date; by: number },
) {
  const result = await db.execute(sql`
    UPDATE client_accounts SET name = ${a.name}, kind = ${a.kind}, number = ${a.number}, active = ${a.active},
      updated_at = ${a.at.toISOString()}, updated_by = ${a.by}
    WHERE agent_id = ${a.agentId} AND account_id = ${a.accountId} RETURNING account_id`);
  return rowsOf(result).length > 0;
}

export async function reconByKey(db: DbOrTx, agentId: number, key: string) {
  const result = await db.execute(sql`
    SELECT recon_id, as_of::text AS as_of, statement_cents, items_cents FROM client_money_reconciliations WHERE agent_id = ${agentId} AND request_key = ${key}`);
  const r = rowsOf<Row>(result)[0];
  return r ? { reconId: Number(r.recon_id), day: String(r.as_of), statement: Number(r.statement_cents), items: Number(r.items_cents) } : null;
}

/** The day's reconciliation in force (none replaced it), which a new one replaces. */
export async function currentReconOf(db: DbOrTx, agentId: number, day: string) {
  const result = await db.execute(sql`
    SELECT r.recon_id FROM client_money_reconciliations r
    WHERE r.agent_id = ${agentId} AND r.as_of = ${day}::date
      AND NOT EXISTS (SELECT 1 FROM client_money_reconciliations n WHERE n.replaces_recon_id = r.recon_id)`);
  const r = rowsOf<Row>(result)[0];
  return r ? Number(r.recon_id) : null;
}

export interface ReconRow {
  agentId: number;
  day: string;
  books: number;
  owed: number;
  deposits: number;
  credits: number;
  passThrough: number;
  tax: number;
  commission: number;
  vat: number;
  trustDifference: number;
  statement: number;
  items: number;
  unexplained: number;
  replaces: number | null;
  key: string;
  at: Date;
  by: number;
}

export async function insertRecon(
  db: DbOrTx,
  r: ReconRow,
  balances: { accountId: number; cents: number }[],
  items: { kind: string; accountId: number | null; cents: number; note: string }[],
) {
  const result = await db.execute(sql`
    INSERT INTO client_money_reconciliations (agent_id, as_of, books_cents, owed_to_landlords_cents, deposits_held_cents, tenant_credits_cents,
      pass_through_cents, tax_payable_cents, commission_cents, vat_output_cents, trust_difference_cents, statement_cents, items_cents, unexplained_cents,
      replaces_recon_id, request_key, created_at, created_by)
    VALUES (${r.agentId}, ${r.day}, ${r.books}, ${r.owed}, ${r.deposits}, ${r.credits}, ${r.passThrough}, ${r.tax}, ${r.commission}, ${r.vat},
      ${r.trustDifference}, ${r.statement}, ${r.items}, ${r.unexplained}, ${r.replaces}, ${r.key}, ${r.at.toISOString()}, ${r.by})
    RETURNING recon_id`);
  const reconId = Number(rowsOf<Row>(result)[0]!.recon_id);
  await db.execute(sql`
    INSERT INTO client_money_balances (recon_id, account_id, balance_cents)
    SELECT ${reconId}, b.account_id, b.cents FROM jsonb_to_recordset(${JSON.stringify(balances.map((b) => ({ account_id: b.accountId, cents: b.cents })))}::jsonb)
      AS b(account_id bigint, cents bigint)`);
  if (items.length > 0) {
    await db.execute(sql`
      INSERT INTO client_money_items (recon_id, item_no, kind, account_id, amount_cents, note)
      SELECT ${reconId}, i.item_no, i.kind, i.account_id, i.cents, i.note
      FROM jsonb_to_recordset(${JSON.stringify(items.map((i, n) => ({ item_no: n + 1, kind: i.kind, account_id: i.accountId, cents: i.cents, note: i.note })))}::jsonb)
        AS i(item_no int, kind text, account_id bigint, cents bigint, note text)`);
  }
  return reconId;
}

/** The agent's reconciliations of days in [from, to], newest day first, each with its balances, items and whether a later one replaced it. */
export async function reconsOf(db: DbOrTx, agentId: number, from: string | null, to: string | null, currentOnly = false) {
  const since = from === null ? sql`` : sql`AND r.as_of >= ${from}::date`;
  const until = to === null ? sql`` : sql`AND r.as_of <= ${to}::date`;
  const current = currentOnly ? sql`AND NOT EXISTS (SELECT 1 FROM client_money_reconciliations n WHERE n.replaces_recon_id = r.recon_id)` : sql``;
  const result = await db.execute(sql`
    SELECT r.recon_id, r.as_of::text AS as_of, r.books_cents, r.owed_to_landlords_cents, r.deposits_held_cents, r.tenant_credits_cents,
      r.pass_through_cents, r.tax_payable_cents, r.commission_cents, r.vat_output_cents, r.trust_difference_cents, r.statement_cents, r.items_cents,
      r.unexplained_cents, r.created_at, c.full_name AS recorded_by,
      EXISTS (SELECT 1 FROM client_money_reconciliations n WHERE n.replaces_recon_id = r.recon_id) AS replaced,
      coalesce((SELECT json_agg(json_build_object('account_id', b.account_id, 'name', a.name, 'cents', b.balance_cents) ORDER BY a.name, b.account_id)
        FROM client_money_balances b JOIN client_accounts a ON a.account_id = b.account_id WHERE b.recon_id = r.recon_id), '[]') AS balances,
      coalesce((SELECT json_agg(json_build_object('kind', i.kind, 'account_id', i.account_id, 'name', a.name, 'cents', i.amount_cents, 'note', i.note) ORDER BY i.item_no)
        FROM client_money_items i LEFT JOIN client_accounts a ON a.account_id = i.account_id WHERE i.recon_id = r.recon_id), '[]') AS items
    FROM client_money_reconciliations r
    JOIN users u ON u.user_no = r.created_by JOIN clients c ON c.client_no = u.client_no
    WHERE r.agent_id = ${agentId} ${since} ${until} ${current}
    ORDER BY r.as_of DESC, r.recon_id DESC
    LIMIT 1000`);
  return rowsOf<Row>(result);
}

/**
 * Money into and out of the client accounts posted in [after, before), per
 * month in Nairobi (UTC+3 all year, as accountingMonth) and kind: the movements the trust screen's Received and
 * PaidOut add up — receipts net of their reversals and refunds out of the
 * ledgers (`ledger/ledger-money.ts`' split), and the landlord journal's cash
 * lines by the kind of what they are (a reversal under what it reverses).
 */
export async function movementsBetween(db: DbOrTx, agentId: number, after: Date, before: Date) {
  const from = after.toISOString();
  const to = before.toISOString();
  const result = await db.execute(sql`
    SELECT month, kind, sum(cents)::bigint AS cents FROM (
      SELECT to_char((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours', 'YYYY-MM') AS month,
             CASE WHEN coalesce(o.kind, j.kind) = 'receipt' THEN 'received'
                  WHEN coalesce(o.kind, j.kind) IN ('opening_deposit', 'opening_credit') THEN 'brought_forward'
                  ELSE 'refund' END AS kind,
             CASE WHEN coalesce(o.kind, j.kind) IN ('receipt', 'opening_deposit', 'opening_credit') THEN l.debit_cents - l.credit_cents
                  ELSE l.credit_cents - l.debit_cents END AS cents
      FROM journal_lines l
      JOIN journal_transactions j ON j.txn_id = l.txn_id
      LEFT JOIN journal_transactions o ON o.txn_id = j.reverses_txn_id
      WHERE l.agent_id = ${agentId} AND l.account = 'ledger' AND j.posted_at >= ${from} AND j.posted_at < ${to}
      UNION ALL
      SELECT to_char((t.posted_at AT TIME ZONE 'UTC') + interval '3 hours', 'YYYY-MM'),
             CASE WHEN coalesce(o.kind, t.kind) = 'opening_balance' THEN 'brought_forward' ELSE coalesce(o.kind, t.kind) END,
             CASE WHEN coalesce(o.kind, t.kind) = 'opening_balance' THEN l.debit_cents - l.credit_cents ELSE l.credit_cents - l.debit_cents END
      FROM landlord_lines l
      JOIN landlord_txns t ON t.txn_id = l.txn_id
      LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
      WHERE l.agent_id = ${agentId} AND l.account = 'cash' AND t.posted_at >= ${from} AND t.posted_at < ${to}
    ) m
    GROUP BY month, kind ORDER BY month, kind`);
  return rowsOf<Row>(result).map((r) => ({ month: String(r.month), kind: String(r.kind), cents: Number(r.cents) }));
}

/** Each tenancy's deposit held and credit in the client account as the books stood before a moment, the ones holding anything. */
export async function tenantsHolding(db: DbOrTx, agentId: number, before: Date) {
  const result = await db.execute(sql`
    SELECT h.tenancy_id, c.full_name, p.property_name, hs.house_number, h.deposits_held, h.credit
    FROM (${tenantHoldingsBefore(agentId, before)}) h
    JOIN tenancies t ON t.tenancy_id = h.tenancy_id
    JOIN clients c ON c.client_no = t.client_no
    JOIN houses hs ON hs.house_id = t.house_id
    JOIN properties p ON p.prop_id = hs.prop_id
    WHERE h.deposits_held <> 0 OR h.credit <> 0
    ORDER BY p.property_name, hs.house_number, h.tenancy_id`);
  return rowsOf<Row>(result);
}
