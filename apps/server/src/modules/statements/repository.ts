import { centsToAmount, receiptNumber, type StatementLine } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The tenant account's lines (both sub-accounts) in date order with the
 * running balance. Its last Balance is the tenancy's RentBalance by
 * construction: the same lines, summed. A receipt shows its ledger, a charge
 * its sub-account; a reversal names the original in its details.
 */
export async function statementLines(db: DbOrTx, tenancyId: number): Promise<StatementLine[]> {
  const result = await db.execute(sql`
    SELECT j.txn_id, j.receipt_no, j.posted_at, j.details, l.debit_cents, l.credit_cents,
           coalesce(g.ledger_name, initcap(l.sub_account)) AS account,
           (j.kind IN ('receipt', 'rent_charge', 'deposit_charge')
             AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)) AS reversible,
           sum(l.debit_cents - l.credit_cents) OVER (ORDER BY j.posted_at, j.txn_id) AS balance
    FROM journal_lines l
    JOIN journal_transactions j ON j.txn_id = l.txn_id
    LEFT JOIN journal_lines other ON other.txn_id = j.txn_id AND other.account = 'ledger'
    LEFT JOIN ledgers g ON g.ledger_id = other.ledger_id
    WHERE l.account = 'tenant' AND l.tenancy_id = ${tenancyId}
    ORDER BY j.posted_at, j.txn_id`);
  return rowsOf<Record<string, string | number | Date | null>>(result).map((r) => ({
    TransactionId: Number(r.txn_id),
    ReceiptNo: r.receipt_no == null ? null : receiptNumber(Number(r.receipt_no)),
    TrsAccount: String(r.account),
    TransactionDate: new Date(r.posted_at!).toISOString(),
    TransactionDetails: String(r.details),
    Debit: centsToAmount(Number(r.debit_cents)),
    Credit: centsToAmount(Number(r.credit_cents)),
    Balance: centsToAmount(Number(r.balance)),
    Reversible: Boolean(r.reversible),
  }));
}
