import { CREDIT_APPLIED_DETAILS, levelCredit } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { recordCollections } from '../landlord-money/collections';
import { lockCollections } from '../landlord-money/journal';
import * as repo from './repository';

interface Posting {
  postedAt: Date;
  postedBy: number;
}

/**
 * Credit pays every kind (docs/decisions/034-credit-pays-every-kind.md): for
 * each tenancy asked (or, for a run, each of the agent's tenancies with a
 * credit on rent beside other charges) the money held beyond a sub-account's
 * charges pays the open charges of every kind oldest first, in one
 * `credit_applied` entry per tenancy. A fixed number of statements whatever
 * the number of tenancies. Answers the tenancies whose sub-accounts moved;
 * the landlord side is the caller's (`applyCreditAndCollect`).
 */
export async function applyCredit(
  db: DbOrTx,
  scope: { agentId: number; tenancyIds?: readonly number[] },
  p: Posting,
): Promise<number[]> {
  const ids = scope.tenancyIds ? [...new Set(scope.tenancyIds)] : await repo.tenanciesWithCreditBesideCharges(db, scope.agentId);
  if (ids.length === 0) return [];
  // Their balance rows first, in one order: a receipt of one of them at the same moment waits, so the moves are worked out on what is there.
  await lockCollections(db, [...ids].sort((a, b) => a - b));
  const state = await repo.chargesAndBalancesOf(db, ids);
  const entries: repo.CreditApplied[] = [];
  for (const tenancyId of ids) {
    const s = state(tenancyId);
    const { moves, paid } = levelCredit(s.charges, s.balances);
    if (moves.length === 0) continue;
    entries.push({ agentId: scope.agentId, tenancyId, ...p, details: CREDIT_APPLIED_DETAILS, moves, paid });
  }
  await repo.postCreditApplied(db, entries);
  return entries.map((e) => e.tenancyId);
}

/** `applyCredit`, then each kind's share of what it paid to its owner, in the caller's transaction. */
export async function applyCreditAndCollect(
  db: DbOrTx,
  scope: { agentId: number; tenancyIds?: readonly number[] },
  p: Posting & { details?: string },
): Promise<number[]> {
  const moved = await applyCredit(db, scope, p);
  await recordCollections(db, moved, { journalTxnId: null, postedAt: p.postedAt, postedBy: p.postedBy, details: p.details ?? CREDIT_APPLIED_DETAILS });
  return moved;
}
