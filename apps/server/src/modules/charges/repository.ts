import type { Cents, ChargeOwed } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Kinds of transaction that charge the tenant something a receipt can pay (the deposit is paid into its own ledger).
 * Arrears brought forward at go-live are charges of their kind, the oldest (decision 042).
 */
export const PAYABLE_KINDS = sql`('rent_charge', 'recurring_charge', 'penalty', 'water_charge', 'opening_arrears')`;

/** A tenancy's charges that stand (not reversed), each with its sub-account and month. */
export async function standingCharges(db: DbOrTx, tenancyId: number): Promise<ChargeOwed[]> {
  const result = await db.execute(sql`
    SELECT j.txn_id, l.sub_account, j.charge_month::text AS month, l.debit_cents
    FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
    WHERE j.tenancy_id = ${tenancyId} AND j.kind IN ${PAYABLE_KINDS}
      AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)`);
  return rowsOf<{ txn_id: string | number; sub_account: string; month: string; debit_cents: string | number }>(result).map((r) => ({
    txnId: Number(r.txn_id),
    sub: r.sub_account,
    month: r.month,
    amount: Number(r.debit_cents),
  }));
}

/** A tenancy's balance on each sub-account but the deposit's. */
export async function subBalances(db: DbOrTx, tenancyId: number): Promise<Map<string, Cents>> {
  const result = await db.execute(sql`
    SELECT sub_account, sum(debit_cents - credit_cents)::bigint AS balance
    FROM journal_lines WHERE account = 'tenant' AND tenancy_id = ${tenancyId} AND sub_account <> 'deposit'
    GROUP BY sub_account`);
  return new Map(rowsOf<{ sub_account: string; balance: string | number }>(result).map((r) => [r.sub_account, Number(r.balance)]));
}

/** Whether the tenancy is kept out of arrears reminders (set on its screen by an admin). */
export async function remindersOptOut(db: DbOrTx, tenancyId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT reminders_opt_out FROM tenancies WHERE tenancy_id = ${tenancyId}`);
  return Boolean(rowsOf<{ reminders_opt_out: boolean }>(result)[0]?.reminders_opt_out);
}

/** Every sub-account's balance with the name it shows under: the charge's name for a recurring charge. */
export async function kindBalances(db: DbOrTx, tenancyId: number) {
  const result = await db.execute(sql`
    SELECT l.sub_account, c.name, sum(l.debit_cents - l.credit_cents)::bigint AS balance
    FROM journal_lines l
    LEFT JOIN recurring_charges c ON l.sub_account = 'charge:' || c.charge_id
    WHERE l.account = 'tenant' AND l.tenancy_id = ${tenancyId}
    GROUP BY l.sub_account, c.name ORDER BY l.sub_account`);
  return rowsOf<{ sub_account: string; name: string | null; balance: string | number }>(result).map((r) => ({
    sub: r.sub_account,
    name: r.name,
    balance: Number(r.balance),
  }));
}

/** What each receipt of a tenancy paid: the charge, its details and the amount. */
export async function allocationsOfTenancy(db: DbOrTx, tenancyId: number) {
  const result = await db.execute(sql`
    SELECT a.receipt_txn_id, a.charge_txn_id, c.details, a.amount_cents
    FROM receipt_allocations a JOIN journal_transactions c ON c.txn_id = a.charge_txn_id
    WHERE a.tenancy_id = ${tenancyId}
    ORDER BY a.receipt_txn_id, c.charge_month, a.charge_txn_id`);
  return rowsOf<{ receipt_txn_id: string | number; charge_txn_id: string | number; details: string; amount_cents: string | number }>(result).map(
    (r) => ({ receiptTxnId: Number(r.receipt_txn_id), chargeTxnId: Number(r.charge_txn_id), details: r.details, amount: Number(r.amount_cents) }),
  );
}

/** The details of the given transactions, to name open charges. */
export async function chargeDetails(db: DbOrTx, txnIds: number[]) {
  if (txnIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT txn_id, details FROM journal_transactions WHERE txn_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(txnIds)}::jsonb)::bigint)`);
  return rowsOf<{ txn_id: string | number; details: string }>(result).map((r) => ({ txnId: Number(r.txn_id), details: r.details }));
}

/** Standing charges and sub-account balances of many tenancies at once, for a batch of receipts: two statements, not two per tenancy. */
export async function chargesAndBalancesOf(db: DbOrTx, tenancyIds: number[]) {
  const ids = JSON.stringify([...new Set(tenancyIds)]);
  const charges = rowsOf<{ tenancy_id: string | number; txn_id: string | number; sub_account: string; month: string; debit_cents: string | number }>(
    await db.execute(sql`
      SELECT j.tenancy_id, j.txn_id, l.sub_account, j.charge_month::text AS month, l.debit_cents
      FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
      WHERE j.tenancy_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::bigint) AND j.kind IN ${PAYABLE_KINDS}
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)`),
  );
  const balances = rowsOf<{ tenancy_id: string | number; sub_account: string; balance: string | number }>(
    await db.execute(sql`
      SELECT tenancy_id, sub_account, sum(debit_cents - credit_cents)::bigint AS balance
      FROM journal_lines WHERE account = 'tenant' AND tenancy_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::bigint) AND sub_account <> 'deposit'
      GROUP BY tenancy_id, sub_account`),
  );
  const byTenancy = new Map<number, { charges: ChargeOwed[]; balances: Map<string, Cents> }>();
  const of = (id: number) => byTenancy.get(id) ?? byTenancy.set(id, { charges: [], balances: new Map() }).get(id)!;
  for (const r of charges) of(Number(r.tenancy_id)).charges.push({ txnId: Number(r.txn_id), sub: r.sub_account, month: r.month, amount: Number(r.debit_cents) });
  for (const r of balances) of(Number(r.tenancy_id)).balances.set(r.sub_account, Number(r.balance));
  return (id: number) => of(id);
}

/**
 * The agent's tenancies holding money on rent beside other charges not yet
 * level: a credit on rent while other kinds owe (or are in credit). Read
 * off the balances the journal's trigger keeps, one row per tenancy, so a run
 * over 100,000 tenancies looks at no journal line here.
 */
export async function tenanciesWithCreditBesideCharges(db: DbOrTx, agentId: number): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT b.tenancy_id FROM tenancy_balances b
    WHERE b.agent_id = ${agentId} AND b.balance_cents - b.deposit_due_cents - b.charges_due_cents < 0 AND b.charges_due_cents <> 0
    ORDER BY b.tenancy_id`);
  return rowsOf<{ tenancy_id: string | number }>(result).map((r) => Number(r.tenancy_id));
}

export interface CreditApplied {
  agentId: number;
  tenancyId: number;
  postedAt: Date;
  postedBy: number;
  details: string;
  /** Signed per sub-account: positive a debit, negative a credit; they add up to 0. */
  moves: { sub: string; amount: Cents }[];
  /** The charges the credit paid, kept as a receipt's allocation is, for the statement's AppliedTo. */
  paid: { txnId: number; amount: Cents }[];
}

/**
 * Any number of `credit_applied` entries, each with its lines and what it
 * paid, in one statement: the journal's per-statement checks see each whole.
 */
export async function postCreditApplied(db: DbOrTx, entries: readonly CreditApplied[]) {
  if (entries.length === 0) return;
  const json = JSON.stringify(
    entries.map((e) => ({
      agent_id: e.agentId,
      tenancy_id: e.tenancyId,
      posted_at: e.postedAt.toISOString(),
      details: e.details,
      posted_by: e.postedBy,
      lines: e.moves.map((m) => ({ sub: m.sub, debit: Math.max(m.amount, 0), credit: Math.max(-m.amount, 0) })),
      paid: e.paid.map((p) => ({ charge: p.txnId, amount: p.amount })),
    })),
  );
  await db.execute(sql`
    WITH staged AS (
      SELECT t.*, a.e->'lines' AS lines, a.e->'paid' AS paid, a.ord
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS a(e, ord),
        jsonb_to_record(a.e) AS t(agent_id bigint, tenancy_id bigint, posted_at timestamptz, details text, posted_by bigint)
    ),
    numbered AS (
      SELECT s.*, nextval(pg_get_serial_sequence('journal_transactions', 'txn_id')) AS txn_id FROM staged s
    ),
    txn AS (
      INSERT INTO journal_transactions (txn_id, agent_id, kind, tenancy_id, posted_at, details, posted_by)
      OVERRIDING SYSTEM VALUE
      SELECT txn_id, agent_id, 'credit_applied', tenancy_id, posted_at, details, posted_by FROM numbered ORDER BY ord
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
      SELECT n.txn_id, n.agent_id, 'tenant', l.sub, n.tenancy_id, l.debit, l.credit
      FROM numbered n, jsonb_to_recordset(n.lines) AS l(sub text, debit bigint, credit bigint)
    )
    INSERT INTO receipt_allocations (receipt_txn_id, charge_txn_id, agent_id, tenancy_id, amount_cents)
    SELECT n.txn_id, p.charge, n.agent_id, n.tenancy_id, sum(p.amount)
    FROM numbered n, jsonb_to_recordset(n.paid) AS p(charge bigint, amount bigint)
    GROUP BY n.txn_id, p.charge, n.agent_id, n.tenancy_id`);
}
