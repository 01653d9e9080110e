import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { recordReceiptCollections } from '../landlord-money/collections';
import { allocateBatch } from '../charges/allocation';
import { lockReceiptCounter } from './posting';

/** The tables a batch of receipts writes: an import analyses them after a large one (statistics.afterBulkWrite). */
export const RECEIPT_TABLES = [
  'journal_transactions',
  'journal_lines',
  'receipt_allocations',
  'tenancy_balances',
  'tenancy_rent_charges',
  'tenancy_rent_lines',
  'receipt_notices',
  'landlord_txns',
  'landlord_lines',
];

/**
 * The one way money received becomes a receipt in the journal: cash at the
 * office, M-Pesa confirmations, statement imports and queue assignments all
 * post here, so numbering, keys and money dates are decided in one place.
 */

/**
 * Where a receipt's money came from, which makes its key. Each source has its
 * own prefix, so a key a client sends can never be taken for a TransID
 * (docs/decisions/009-receipt-writer.md). `posting` counts the times one
 * M-Pesa payment or bank transaction was posted: 2 after its first receipt was reversed.
 */
export type ReceiptSource =
  | { client: string }
  | { mpesa: string; posting?: number }
  | { stk: string }
  | { bank: { bankAccountId: number; reference: string }; posting?: number };

const CLIENT_PREFIX = 'client:';
const MPESA_PREFIX = 'mpesa:';
/** STK Push Query said paid but carries no M-Pesa code: the request's CheckoutRequestID keys it (decision 021). */
const STK_PREFIX = 'stk:';
const REPOST_MARK = '#';
/** A bank transaction: its bank account and the bank's reference, once however many imports (decision 053). */
const BANK_PREFIX = 'bank:';

export function receiptKey(source: ReceiptSource): string {
  if ('client' in source) return `${CLIENT_PREFIX}${source.client}`;
  if ('stk' in source) return `${STK_PREFIX}${source.stk}`;
  const posting = source.posting ?? 1;
  const again = posting > 1 ? `${REPOST_MARK}${posting}` : '';
  if ('bank' in source) return `${BANK_PREFIX}${source.bank.bankAccountId}:${source.bank.reference}${again}`;
  return `${MPESA_PREFIX}${source.mpesa}${again}`;
}

/** The bank transaction a bank posting's key names, or null for a key of another source. */
export function bankDepositOf(key: string | null): { bankAccountId: number; reference: string } | null {
  if (key === null || !key.startsWith(BANK_PREFIX)) return null;
  const rest = key.slice(BANK_PREFIX.length).split(REPOST_MARK)[0]!;
  const colon = rest.indexOf(':');
  return { bankAccountId: Number(rest.slice(0, colon)), reference: rest.slice(colon + 1) };
}

/** SQL true when the journal key `key` is a posting (first or later) of the bank transaction whose first key is `first`. */
export function isBankPosting(key: SQL, first: SQL): SQL {
  return sql`split_part(${key}, ${REPOST_MARK}, 1) = ${first}`;
}

/** The TransID of an M-Pesa posting's key, or null for a key of another source. */
export function mpesaTransIdOf(key: string | null): string | null {
  if (key === null || !key.startsWith(MPESA_PREFIX)) return null;
  return key.slice(MPESA_PREFIX.length).split(REPOST_MARK)[0]!;
}

/** SQL true when the journal key `key` is a posting (first or later) of the M-Pesa payment whose TransID is `transId`. */
export function isMpesaPosting(key: SQL, transId: SQL): SQL {
  // split_part(...) has an index of its own (migration 0018).
  return sql`split_part(${key}, ${REPOST_MARK}, 1) = ${MPESA_PREFIX} || ${transId}`;
}

export interface ReceiptToWrite {
  tenancyId: number;
  ledgerId: number;
  /** Money into the Deposit ledger pays the deposit sub-account and is held for the tenant. */
  paysDeposit: boolean;
  amount: number;
  details: string;
  source: ReceiptSource;
  /** When the money came: the receipt's date, and the month its statement shows it in. */
  receivedAt: Date;
  /** The one open charge the clerk pointed the money at; otherwise it pays the oldest open charges first. */
  pointedAt?: number | null;
}

export interface WrittenReceipt {
  txnId: number;
  tenancyId: number;
  receiptNo: number;
  amount: number;
  key: string;
}

/**
 * Posts receipts in the order given, numbered on from the agency's counter
 * (locked here until commit), in one statement whatever their number. A
 * receipt whose key the journal already holds is left out and takes no number;
 * callers that must tell a retry from a clash look the key up first
 * (`receiptByKey`) after locking the counter. Run inside the caller's
 * transaction, beside the business rows the money belongs to.
 */
export async function writeReceipts(
  db: DbOrTx,
  batch: { agentId: number; postedBy: number; receipts: ReceiptToWrite[] },
): Promise<WrittenReceipt[]> {
  if (batch.receipts.length === 0) return [];
  const lastNo = await lockReceiptCounter(db, batch.agentId);
  // Which charges each receipt pays (docs/decisions/013-charges-and-allocation.md), in the batch's order.
  const allocations = await allocateBatch(db, batch.agentId, batch.receipts.map((r) => ({ ...r, key: receiptKey(r.source) })));
  const json = JSON.stringify(
    batch.receipts.map((r, i) => ({
      tenancy_id: r.tenancyId,
      ledger_id: r.ledgerId,
      pays_deposit: r.paysDeposit,
      amount_cents: r.amount,
      details: r.details,
      key: receiptKey(r.source),
      received_at: r.receivedAt.toISOString(),
      credits: allocations[i]!.credits,
      paid: allocations[i]!.paid.map((p) => ({ charge: p.txnId, amount: p.amount })),
    })),
  );
  const agentId = batch.agentId;
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT (e->>'tenancy_id')::bigint AS tenancy_id, (e->>'ledger_id')::bigint AS ledger_id,
             (e->>'pays_deposit')::boolean AS pays_deposit, (e->>'amount_cents')::bigint AS amount_cents,
             e->>'details' AS details, e->>'key' AS key, (e->>'received_at')::timestamptz AS received_at,
             e->'credits' AS credits, e->'paid' AS paid, ord
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS a(e, ord)
      WHERE NOT EXISTS (SELECT 1 FROM journal_transactions j WHERE j.agent_id = ${agentId} AND j.idempotency_key = e->>'key')
    ),
    numbered AS (
      -- Ids taken up front, so the lines are written from the same rows as their transaction, without a join back.
      SELECT s.*, nextval(pg_get_serial_sequence('journal_transactions', 'txn_id')) AS txn_id,
             ${lastNo}::bigint + row_number() OVER (ORDER BY s.ord) AS receipt_no
      FROM staged s
    ),
    txn AS (
      INSERT INTO journal_transactions (txn_id, agent_id, kind, tenancy_id, posted_at, details, idempotency_key, posted_by, receipt_no)
      OVERRIDING SYSTEM VALUE
      SELECT txn_id, ${agentId}, 'receipt', tenancy_id, received_at, details, key, ${batch.postedBy}, receipt_no FROM numbered
      RETURNING txn_id
    ),
    lines AS (
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
      SELECT txn_id, ${agentId}::bigint, 'ledger', NULL, NULL, ledger_id, amount_cents, 0 FROM numbered
      UNION ALL
      SELECT n.txn_id, ${agentId}::bigint, 'tenant', c.sub, n.tenancy_id, NULL, 0, c.amount
      FROM numbered n, jsonb_to_recordset(n.credits) AS c(sub text, amount bigint)
      UNION ALL
      SELECT txn_id, ${agentId}::bigint, 'deposits_billed', NULL, NULL, NULL, amount_cents, 0 FROM numbered WHERE pays_deposit
      UNION ALL
      SELECT txn_id, ${agentId}::bigint, 'deposits_held', NULL, tenancy_id, NULL, 0, amount_cents FROM numbered WHERE pays_deposit
    ),
    allocations AS (
      INSERT INTO receipt_allocations (receipt_txn_id, charge_txn_id, agent_id, tenancy_id, amount_cents)
      SELECT n.txn_id, p.charge, ${agentId}::bigint, n.tenancy_id, p.amount
      FROM numbered n, jsonb_to_recordset(n.paid) AS p(charge bigint, amount bigint)
    ),
    counter AS (
      UPDATE receipt_counters SET last_no = last_no + (SELECT count(*) FROM numbered) WHERE agent_id = ${agentId}
    )
    SELECT txn_id, tenancy_id, receipt_no, amount_cents, key FROM numbered ORDER BY ord`);
  const written = rowsOf<Record<string, string | number>>(result).map((r) => ({
    txnId: Number(r.txn_id),
    tenancyId: Number(r.tenancy_id),
    receiptNo: Number(r.receipt_no),
    amount: Number(r.amount_cents),
    key: String(r.key),
  }));
  // The landlord's share, commission and tax of what each receipt pays towards rent, in the same transaction (DESIGN.md §4b).
  const receivedAt = new Map(batch.receipts.map((r) => [receiptKey(r.source), r.receivedAt]));
  await recordReceiptCollections(
    db,
    written.map((w) => ({ txnId: w.txnId, tenancyId: w.tenancyId, receivedAt: receivedAt.get(w.key)! })),
    batch.postedBy,
  );
  return written;
}
