import { DEPOSIT_SHORTFALL_DETAILS } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The entries of a tenancy's end beyond applying and refunding its deposit
 * (corrections.ts): each one balanced transaction, inserted with its lines in
 * one statement, inside the settlement's database transaction.
 */

interface Posting {
  agentId: number;
  tenancyId: number;
  postedAt: Date;
  postedBy: number;
}

/**
 * Sets the deposit owed to what is held (`depositTrueUp` in the domain):
 * `release` takes an unpaid deposit off the tenant, `absorb` counts a deposit
 * paid above its charge as held deposit rather than credit, `toRent` moves a
 * deposit credit no longer held to the rent sub-account.
 */
export async function postDepositAdjustment(
  db: DbOrTx,
  p: Posting & { release: number; absorb: number; toRent: number; details: string },
) {
  if (p.release + p.absorb + p.toRent === 0) return;
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${p.agentId}, 'deposit_adjustment', ${p.tenancyId}, ${p.postedAt.toISOString()}, ${p.details}, ${p.postedBy})
      RETURNING txn_id
    ),
    parts (account, sub_account, tenancy_id, debit, credit) AS (
      VALUES ('tenant', 'deposit', ${p.tenancyId}::bigint, 0::bigint, ${p.release}::bigint),
             ('deposits_billed', NULL, NULL, ${p.release}::bigint, 0::bigint),
             ('tenant', 'deposit', ${p.tenancyId}::bigint, ${p.absorb}::bigint, 0::bigint),
             ('deposits_billed', NULL, NULL, 0::bigint, ${p.absorb}::bigint),
             ('tenant', 'deposit', ${p.tenancyId}::bigint, ${p.toRent}::bigint, 0::bigint),
             ('tenant', 'rent', ${p.tenancyId}::bigint, 0::bigint, ${p.toRent}::bigint)
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${p.agentId}::bigint, parts.account, parts.sub_account, parts.tenancy_id, parts.debit, parts.credit
    FROM txn CROSS JOIN parts WHERE parts.debit + parts.credit > 0`);
}

/** A tenant's credit (money paid beyond the charges) paid back out of an agent ledger: the balance rises by it, to nothing owed. */
export async function postCreditRefund(db: DbOrTx, p: Posting & { amount: number; ledgerId: number; details: string }) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${p.agentId}, 'credit_refund', ${p.tenancyId}, ${p.postedAt.toISOString()}, ${p.details}, ${p.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
    SELECT txn_id, ${p.agentId}::bigint, 'tenant', 'rent', ${p.tenancyId}::bigint, NULL, ${p.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${p.agentId}::bigint, 'ledger', NULL, NULL, ${p.ledgerId}::bigint, 0, ${p.amount}::bigint FROM txn`);
}

/**
 * A settled tenancy's deposit receipt reversed (the cheque bounced): the
 * deposit it held was applied to arrears or paid back, so the tenant owes that
 * money again on rent and nothing stays held below nothing.
 */
export async function postDepositShortfall(db: DbOrTx, p: Posting & { amount: number; details: string }) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
      VALUES (${p.agentId}, 'deposit_adjustment', ${p.tenancyId}, ${p.postedAt.toISOString()}, ${p.details}, ${p.postedBy})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn_id, ${p.agentId}::bigint, 'tenant', 'rent', ${p.tenancyId}::bigint, ${p.amount}::bigint, 0 FROM txn
    UNION ALL
    SELECT txn_id, ${p.agentId}::bigint, 'deposits_held', NULL, ${p.tenancyId}::bigint, 0, ${p.amount}::bigint FROM txn`);
}

/** What the tenancy's deposit paid towards arrears, less what a bounced deposit already reopened. */
export async function depositAppliedStanding(db: DbOrTx, tenancyId: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(l.debit_cents) FILTER (WHERE j.kind = 'deposit_applied'), 0)
         - coalesce(sum(l.credit_cents) FILTER (WHERE j.kind = 'deposit_adjustment' AND j.details = ${DEPOSIT_SHORTFALL_DETAILS}), 0) AS applied
    FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'deposits_held'
    WHERE j.tenancy_id = ${tenancyId} AND j.kind IN ('deposit_applied', 'deposit_adjustment')`);
  return Number(rowsOf<{ applied: string | number }>(result)[0]?.applied ?? 0);
}
