import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * What must hold in any copy of the books, checked on every backup before it
 * is written and on every restore before it replaces the data. Each check
 * counts offending rows; a sound ledger answers all zeros.
 */
const CHECKS = {
  'journal transactions whose debits and credits differ': sql`
    SELECT count(*)::int AS n FROM (
      SELECT txn_id FROM journal_lines GROUP BY txn_id HAVING sum(debit_cents) <> sum(credit_cents)) x`,
  'journal transactions without lines': sql`
    SELECT count(*)::int AS n FROM journal_transactions t
    WHERE NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.txn_id = t.txn_id)`,
  'journal lines of another agency than their transaction': sql`
    SELECT count(*)::int AS n FROM journal_lines l JOIN journal_transactions t USING (txn_id) WHERE l.agent_id <> t.agent_id`,
  'tenant lines on a tenancy of another agency': sql`
    SELECT count(*)::int AS n FROM journal_lines l JOIN tenancies t ON t.tenancy_id = l.tenancy_id
    WHERE l.account = 'tenant' AND l.agent_id <> t.agent_id`,
  'months charged twice to one tenancy': sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM journal_transactions WHERE kind = 'rent_charge'
      GROUP BY tenancy_id, charge_month HAVING count(*) > 1) x`,
  'tenancy balances that differ from their journal': sql`
    SELECT count(*)::int AS n FROM tenancies t
    LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    LEFT JOIN (SELECT tenancy_id, sum(debit_cents - credit_cents) AS s FROM journal_lines WHERE account = 'tenant' GROUP BY tenancy_id) j
      ON j.tenancy_id = t.tenancy_id
    WHERE coalesce(b.balance_cents, 0) <> coalesce(j.s, 0)`,
  'tenancy balances filed under another agency than their tenancy': sql`
    SELECT count(*)::int AS n FROM tenancy_balances b JOIN tenancies t ON t.tenancy_id = b.tenancy_id
    WHERE b.agent_id <> t.agent_id`,
  // The dashboard's arrears by age read these instead of the journal (migration 0043).
  'standing rent charges kept apart that differ from their journal': sql`
    SELECT count(*)::int AS n FROM (
      SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id, l.debit_cents AS cents,
             coalesce(greatest(j.charge_month, ((t.start_date AT TIME ZONE 'UTC') + interval '3 hours')::date),
                      ((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date) AS due
      FROM journal_lines l
      JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
      JOIN tenancies t ON t.tenancy_id = j.tenancy_id
      WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND l.debit_cents > 0 AND j.kind <> 'reversal'
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)) s
    FULL JOIN tenancy_rent_charges c ON c.line_id = s.line_id
    WHERE (s.txn_id, s.tenancy_id, s.agent_id, s.due, s.cents) IS DISTINCT FROM (c.txn_id, c.tenancy_id, c.agent_id, c.due, c.cents)`,
  // The dashboard's rent collection reads these instead of the journal (migration 0047).
  'standing rent lines kept apart that differ from their journal': sql`
    SELECT count(*)::int AS n FROM (
      SELECT l.line_id, j.txn_id, j.tenancy_id, j.agent_id, j.kind, j.charge_month, j.posted_at, l.debit_cents, l.credit_cents,
             greatest(j.charge_month, ((j.posted_at AT TIME ZONE 'UTC') + interval '3 hours')::date) AS since
      FROM journal_lines l
      JOIN journal_transactions j ON j.txn_id = l.txn_id AND j.agent_id = l.agent_id
      WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND j.kind <> 'reversal'
        AND NOT EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)) s
    FULL JOIN tenancy_rent_lines c ON c.line_id = s.line_id
    WHERE (s.txn_id, s.tenancy_id, s.agent_id, s.kind, s.charge_month, s.posted_at, s.since, s.debit_cents, s.credit_cents)
      IS DISTINCT FROM (c.txn_id, c.tenancy_id, c.agent_id, c.kind, c.charge_month, c.posted_at, c.since, c.debit_cents, c.credit_cents)`,
} as const;

export interface LedgerCheck {
  problems: string[];
  tenancies: number;
  transactions: number;
}

export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const problems: string[] = [];
  for (const [what, query] of Object.entries(CHECKS)) {
    const n = Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);
    if (n > 0) problems.push(`${n} ${what}`);
  }
  const [sizes] = rowsOf<{ tenancies: number; transactions: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM tenancies) AS tenancies, (SELECT count(*)::int FROM journal_transactions) AS transactions`),
  );
  return { problems, tenancies: Number(sizes?.tenancies ?? 0), transactions: Number(sizes?.transactions ?? 0) };
}
