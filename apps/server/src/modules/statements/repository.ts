import { centsToAmount, depositRefundDetails, formatKsh, isLanguage, receiptNumber, type Language, type StatementLine } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The tenant account's transactions (every sub-account) in date order with the
 * running balance. Its last Balance is the tenancy's RentBalance by
 * construction: the same lines, summed. A receipt shows its ledger, a charge
 * its sub-account; a reversal names the original in its details. Deposit paid
 * back moves no balance (it was held, not credited) but has its line, with the
 * amount in its details, so the deposit held falling is explained.
 */
export async function statementLines(db: DbOrTx, tenancyId: number): Promise<StatementLine[]> {
  // A receipt that pays several kinds has a tenant line per sub-account: the statement shows them as one.
  // Lines of one transaction on opposite sides (a deposit moved to rent) stay apart.
  const result = await db.execute(sql`
    WITH lines AS (
      SELECT l.txn_id, min(l.line_id) AS line_id, sum(l.debit_cents) AS debit_cents, sum(l.credit_cents) AS credit_cents,
             min(l.sub_account) AS sub_account, 0::bigint AS paid_back_cents
      FROM journal_lines l WHERE l.account = 'tenant' AND l.tenancy_id = ${tenancyId}
      GROUP BY l.txn_id, l.debit_cents > 0
      UNION ALL
      SELECT l.txn_id, l.line_id, 0, 0, 'deposit', l.debit_cents
      FROM journal_lines l JOIN journal_transactions d ON d.txn_id = l.txn_id AND d.kind = 'deposit_refund'
      WHERE l.account = 'deposits_held' AND l.tenancy_id = ${tenancyId} AND l.debit_cents > 0
      UNION ALL
      -- A deposit held at go-live (decision 042) moves no balance when nothing of it was owed; its line says the amount.
      SELECT l.txn_id, l.line_id, 0, 0, 'deposit', 0
      FROM journal_lines l JOIN journal_transactions d ON d.txn_id = l.txn_id
      LEFT JOIN journal_transactions o ON o.txn_id = d.reverses_txn_id
      WHERE l.account = 'deposits_held' AND l.tenancy_id = ${tenancyId} AND coalesce(o.kind, d.kind) = 'opening_deposit'
        AND NOT EXISTS (SELECT 1 FROM journal_lines x WHERE x.txn_id = l.txn_id AND x.account = 'tenant')
    )
    SELECT j.txn_id, j.receipt_no, j.posted_at, j.details, l.debit_cents, l.credit_cents, l.paid_back_cents,
           coalesce(g.ledger_name, c.name, initcap(l.sub_account)) AS account,
           (j.kind IN ('receipt', 'rent_charge', 'deposit_charge', 'recurring_charge', 'penalty', 'water_charge')
             AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)) AS reversible,
           sum(l.debit_cents - l.credit_cents) OVER (ORDER BY j.posted_at, j.txn_id) AS balance,
           (SELECT string_agg(x.details || ' ' || to_char(a.amount_cents / 100.0, 'FM999,999,999,990.00'), '; ' ORDER BY x.charge_month, x.txn_id)
            FROM receipt_allocations a JOIN journal_transactions x ON x.txn_id = a.charge_txn_id
            WHERE a.receipt_txn_id = j.txn_id) AS applied
    FROM lines l
    JOIN journal_transactions j ON j.txn_id = l.txn_id
    LEFT JOIN journal_lines other ON other.txn_id = j.txn_id AND other.account = 'ledger'
    LEFT JOIN ledgers g ON g.ledger_id = other.ledger_id
    LEFT JOIN recurring_charges c ON l.sub_account = 'charge:' || c.charge_id
    ORDER BY j.posted_at, j.txn_id, l.line_id`);
  return rowsOf<Record<string, string | number | Date | null>>(result).map((r) => ({
    TransactionId: Number(r.txn_id),
    ReceiptNo: r.receipt_no == null ? null : receiptNumber(Number(r.receipt_no)),
    TrsAccount: String(r.account),
    TransactionDate: new Date(r.posted_at!).toISOString(),
    TransactionDetails: Number(r.paid_back_cents)
      ? depositRefundDetails(String(r.details), formatKsh(Number(r.paid_back_cents)))
      : String(r.details),
    Debit: centsToAmount(Number(r.debit_cents)),
    Credit: centsToAmount(Number(r.credit_cents)),
    Balance: centsToAmount(Number(r.balance)),
    Reversible: Boolean(r.reversible),
    AppliedTo: r.applied == null ? null : String(r.applied),
  }));
}

/** The language the tenant asked to be written to in (the office sets it on the client). */
export async function tenantLanguage(db: DbOrTx, tenancyId: number): Promise<Language> {
  const result = await db.execute(sql`
    SELECT c.preferred_language FROM tenancies t JOIN clients c ON c.client_no = t.client_no WHERE t.tenancy_id = ${tenancyId}`);
  const language = rowsOf<{ preferred_language: string }>(result)[0]?.preferred_language;
  return isLanguage(language) ? language : 'en';
}
