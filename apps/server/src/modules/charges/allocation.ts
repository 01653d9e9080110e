import { allocate, creditsBySubAccount, openCharges, type Cents } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import * as repo from './repository';

/** A tenancy's open charges, oldest first: what a receipt would pay, and what the clerk may point one at. */
export async function openChargesOf(db: DbOrTx, tenancyId: number) {
  const [charges, balances] = [await repo.standingCharges(db, tenancyId), await repo.subBalances(db, tenancyId)];
  return openCharges(charges, balances);
}

/**
 * Allocations for a batch of receipts about to be written, in order: each
 * sees the charges the earlier ones of its tenancy paid. A deposit receipt
 * pays the deposit whole; a receipt whose key the journal holds is skipped
 * by the writer and pays nothing here either.
 */
export async function allocateBatch(
  db: DbOrTx,
  agentId: number,
  receipts: { tenancyId: number; paysDeposit: boolean; amount: Cents; key: string; pointedAt?: number | null }[],
) {
  const keys = JSON.stringify(receipts.map((r) => r.key));
  const taken = new Set(
    rowsOf<{ key: string }>(
      await db.execute(sql`
        SELECT idempotency_key AS key FROM journal_transactions
        WHERE agent_id = ${agentId} AND idempotency_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb))`),
    ).map((r) => r.key),
  );
  const paying = receipts.filter((r) => !r.paysDeposit && !taken.has(r.key));
  const state = paying.length ? await repo.chargesAndBalancesOf(db, paying.map((r) => r.tenancyId)) : null;
  const answers: { credits: { sub: string; amount: Cents }[]; paid: { txnId: number; sub: string; amount: Cents }[] }[] = [];
  for (const r of receipts) {
    if (r.paysDeposit || taken.has(r.key)) {
      answers.push({ credits: [{ sub: r.paysDeposit ? 'deposit' : 'rent', amount: r.amount }], paid: [] });
      continue;
    }
    const s = state!(r.tenancyId);
    const allocation = allocate(openCharges(s.charges, s.balances), r.amount, r.pointedAt ?? null);
    const credits = creditsBySubAccount(allocation);
    for (const c of credits) s.balances.set(c.sub, (s.balances.get(c.sub) ?? 0) - c.amount);
    answers.push({ credits, paid: allocation.paid });
  }
  return answers;
}
