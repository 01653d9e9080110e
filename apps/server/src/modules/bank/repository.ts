import type { BankColumns, BankDeposit, BankPreset } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { isBankPosting, receiptKey } from '../ledger/receipt-writer';
import { normalized, tenancyMatch } from '../mpesa/matching';

export interface BankAccountRow {
  bankAccountId: number;
  name: string;
  preset: BankPreset;
  columns: BankColumns;
  ledgerId: number;
  ledgerName: string;
}

const SELECT = sql`
  SELECT b.bank_account_id, b.name, b.preset, b.columns, b.ledger_id, g.ledger_name
  FROM bank_accounts b JOIN ledgers g ON g.ledger_id = b.ledger_id`;

const toAccount = (r: Record<string, unknown>): BankAccountRow => ({
  bankAccountId: Number(r.bank_account_id),
  name: String(r.name),
  preset: r.preset as BankPreset,
  columns: (typeof r.columns === 'string' ? JSON.parse(r.columns) : r.columns) as BankColumns,
  ledgerId: Number(r.ledger_id),
  ledgerName: String(r.ledger_name),
});

export async function accountsOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`${SELECT} WHERE b.agent_id = ${agentId} ORDER BY b.name`);
  return rowsOf<Record<string, unknown>>(result).map(toAccount);
}

export async function accountOf(db: DbOrTx, agentId: number, bankAccountId: number) {
  const result = await db.execute(sql`${SELECT} WHERE b.agent_id = ${agentId} AND b.bank_account_id = ${bankAccountId}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? toAccount(row) : null;
}

/** The bank account's own ledger, named as the account: its receipts are read apart from M-Pesa's and cash. */
export async function ensureLedger(db: DbOrTx, agentId: number, name: string): Promise<number> {
  await db.execute(
    sql`INSERT INTO ledgers (agent_id, ledger_name) VALUES (${agentId}, ${name}) ON CONFLICT (agent_id, ledger_name) DO NOTHING`,
  );
  const row = rowsOf<{ ledger_id: string | number }>(
    await db.execute(sql`SELECT ledger_id FROM ledgers WHERE agent_id = ${agentId} AND ledger_name = ${name}`),
  )[0]!;
  return Number(row.ledger_id);
}

export async function nameTaken(db: DbOrTx, agentId: number, name: string, except: number | null) {
  const result = await db.execute(sql`
    SELECT 1 FROM bank_accounts WHERE agent_id = ${agentId} AND lower(name) = lower(${name})
      AND bank_account_id IS DISTINCT FROM ${except}::bigint`);
  return rowsOf(result).length > 0;
}

export async function insertAccount(
  db: DbOrTx,
  a: { agentId: number; name: string; preset: BankPreset; columns: BankColumns; ledgerId: number },
) {
  const result = await db.execute(sql`
    INSERT INTO bank_accounts (agent_id, name, preset, columns, ledger_id)
    VALUES (${a.agentId}, ${a.name}, ${a.preset}, ${JSON.stringify(a.columns)}::jsonb, ${a.ledgerId})
    RETURNING bank_account_id`);
  return Number(rowsOf<{ bank_account_id: string | number }>(result)[0]!.bank_account_id);
}

/** A bank account's preset and columns; its name and ledger stay, as receipts already name the ledger. */
export async function updateColumns(
  db: DbOrTx,
  a: { agentId: number; bankAccountId: number; preset: BankPreset; columns: BankColumns },
) {
  await db.execute(sql`
    UPDATE bank_accounts SET preset = ${a.preset}, columns = ${JSON.stringify(a.columns)}::jsonb
    WHERE agent_id = ${a.agentId} AND bank_account_id = ${a.bankAccountId}`);
}

const depositsJson = (deposits: BankDeposit[]) =>
  JSON.stringify(
    deposits.map((d) => ({
      reference: d.reference,
      paid_on: d.day,
      amount_cents: d.amountCents,
      account_reference: d.accountReference,
      narrative: d.narrative,
    })),
  );

/**
 * Stores each bank transaction once per bank account and reference, matched to
 * a tenancy by the account reference the depositor gave, by the paybill's
 * rules (mpesa/matching.ts). A reference already stored is left alone.
 * Answers the deposits stored now, in the order the money came.
 */
export async function storeDeposits(
  db: DbOrTx,
  r: { agentId: number; bankAccountId: number; deposits: BankDeposit[]; importedAt: Date; importedBy: number },
) {
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT s.*, ${normalized(sql`s.account_reference`)} AS ref
      FROM jsonb_to_recordset(${depositsJson(r.deposits)}::jsonb) AS s(
        reference text, paid_on date, amount_cents bigint, account_reference text, narrative text)
    ),
    matched AS (
      SELECT s.*, m.tenancy_id FROM staged s LEFT JOIN LATERAL (${tenancyMatch(r.agentId, sql`s.ref`)}) m ON true
    ),
    stored AS (
      INSERT INTO bank_deposits (agent_id, bank_account_id, reference, paid_on, amount_cents, account_reference, narrative,
                                 status, tenancy_id, imported_at, imported_by)
      SELECT ${r.agentId}, ${r.bankAccountId}, reference, paid_on, amount_cents, account_reference, narrative,
             CASE WHEN tenancy_id IS NULL THEN 'unmatched' ELSE 'matched' END, tenancy_id,
             ${r.importedAt.toISOString()}, ${r.importedBy}
      FROM matched ORDER BY paid_on, reference
      ON CONFLICT (agent_id, bank_account_id, reference) DO NOTHING
      RETURNING reference, tenancy_id, amount_cents, paid_on::text AS paid_on
    )
    SELECT * FROM stored ORDER BY paid_on, reference`);
  return rowsOf<{ reference: string; tenancy_id: string | number | null; amount_cents: string | number; paid_on: string }>(
    result,
  ).map((d) => ({
    reference: d.reference,
    tenancyId: d.tenancy_id === null ? null : Number(d.tenancy_id),
    amountCents: Number(d.amount_cents),
    day: String(d.paid_on).slice(0, 10),
  }));
}

/** The account's latest deposits with the receipt each matched one became. */
export async function depositsOf(db: DbOrTx, agentId: number, bankAccountId: number) {
  const result = await db.execute(sql`
    SELECT d.reference, d.paid_on::text AS paid_on, d.amount_cents, d.account_reference, d.status, d.tenancy_id, j.receipt_no
    FROM bank_deposits d
    LEFT JOIN LATERAL (
      -- Its standing receipt: a reversed one sent the deposit back to the queue, and a later posting carries '#2'.
      SELECT j.receipt_no FROM journal_transactions j
      WHERE j.agent_id = ${agentId} AND j.kind = 'receipt'
        AND ${isBankPosting(sql`j.idempotency_key`, sql`'bank:' || d.bank_account_id || ':' || d.reference`)}
        AND NOT EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = j.txn_id)
      ORDER BY j.txn_id DESC LIMIT 1
    ) j ON d.status = 'matched'
    WHERE d.agent_id = ${agentId} AND d.bank_account_id = ${bankAccountId}
    ORDER BY d.paid_on DESC, d.reference LIMIT 1000`);
  return rowsOf<{
    reference: string;
    paid_on: string;
    amount_cents: string | number;
    account_reference: string;
    status: 'matched' | 'unmatched' | 'not_rent';
    tenancy_id: string | number | null;
    receipt_no: string | number | null;
  }>(result);
}

/** Unmatched bank deposits as the queue lists M-Pesa's: money in at Nairobi midnight of its day. */
export async function unmatchedOf(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT d.deposit_id AS payment_id, d.reference AS trans_id,
           (d.paid_on::timestamp AT TIME ZONE 'Africa/Nairobi') AS trans_time, d.amount_cents,
           d.account_reference, '' AS msisdn, b.name || ': ' || d.narrative AS payer_name, 'bank' AS source
    FROM bank_deposits d JOIN bank_accounts b ON b.bank_account_id = d.bank_account_id
    WHERE d.agent_id = ${agentId} AND d.status = 'unmatched'
    ORDER BY d.paid_on, d.deposit_id LIMIT 1000`);
  return rowsOf<Record<string, string | number | Date>>(result);
}

/**
 * Takes an unmatched deposit for a tenancy in one statement, as the M-Pesa
 * queue does: of two clerks at once, one changes the row, the other finds it gone.
 */
export async function claimForTenancy(db: DbOrTx, agentId: number, depositId: number, tenancyId: number, by: number) {
  const result = await db.execute(sql`
    UPDATE bank_deposits d SET status = 'matched', tenancy_id = ${tenancyId}, handled_by = ${by}
    FROM bank_accounts b
    WHERE d.deposit_id = ${depositId} AND d.agent_id = ${agentId} AND d.status = 'unmatched' AND b.bank_account_id = d.bank_account_id
    RETURNING d.bank_account_id, d.reference, d.amount_cents, d.paid_on::text AS paid_on, b.ledger_id, b.name`);
  const row = rowsOf<Record<string, string | number>>(result)[0];
  return row
    ? {
        bankAccountId: Number(row.bank_account_id),
        reference: String(row.reference),
        amountCents: Number(row.amount_cents),
        day: String(row.paid_on).slice(0, 10),
        ledgerId: Number(row.ledger_id),
        name: String(row.name),
      }
    : null;
}

export async function setAsideNotRent(db: DbOrTx, agentId: number, depositId: number, note: string, by: number) {
  const result = await db.execute(sql`
    UPDATE bank_deposits SET status = 'not_rent', note = ${note}, handled_by = ${by}
    WHERE deposit_id = ${depositId} AND agent_id = ${agentId} AND status = 'unmatched'
    RETURNING deposit_id`);
  return rowsOf(result).length > 0;
}

export async function depositExists(db: DbOrTx, agentId: number, depositId: number) {
  const result = await db.execute(sql`SELECT 1 FROM bank_deposits WHERE deposit_id = ${depositId} AND agent_id = ${agentId}`);
  return rowsOf(result).length > 0;
}

/** How many receipts the journal holds for one bank transaction, reversed ones included. */
export async function postingsOf(db: DbOrTx, agentId: number, deposit: { bankAccountId: number; reference: string }) {
  const firstKey = receiptKey({ bank: deposit });
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM journal_transactions j
    WHERE j.agent_id = ${agentId} AND j.kind = 'receipt' AND ${isBankPosting(sql`j.idempotency_key`, sql`${firstKey}::text`)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Puts a deposit whose receipt was reversed back in the unmatched queue, as a
 * reversed M-Pesa receipt's payment goes back (decision 053): the money is
 * still in the bank, and a clerk posts it again to where it belongs.
 */
export async function returnToQueue(db: DbOrTx, agentId: number, deposit: { bankAccountId: number; reference: string }) {
  await db.execute(sql`
    UPDATE bank_deposits SET status = 'unmatched', tenancy_id = NULL, handled_by = NULL
    WHERE agent_id = ${agentId} AND bank_account_id = ${deposit.bankAccountId} AND reference = ${deposit.reference} AND status = 'matched'`);
}
