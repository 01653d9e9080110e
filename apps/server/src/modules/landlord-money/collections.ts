import { accountingDate, chargeCollected, passedOnShare, splitCollection } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { collectionState, postLandlordReversals, postLandlordTxn, runTenanciesWithCredit, type CollectionDue, type LandlordLine } from './journal';

/**
 * The landlord side of money coming in (DESIGN.md §4b). Each collection path
 * calls one of these inside its own database transaction, right after posting
 * to the tenants' journal, so the landlord's share, the commission and the
 * tax withheld are booked in the same transaction as the money.
 */

interface Posting {
  /** The tenants' journal transaction that moved the money, when there is one. */
  journalTxnId: number | null;
  postedAt: Date;
  postedBy: number;
  details?: string;
}

/**
 * Brings what the landlord journal counts as collected on each tenancy, per
 * sub-account, up (or down) to what the tenant has actually paid against
 * what was charged. The difference is split at the agreement and MRI rate in
 * force on the money's day: a pass-through charge's part is owed onward
 * whole, the rest is the landlord's less commission (on the kinds the
 * agreement names) and, on rent, the tax withheld. Money paid ahead waits as
 * the tenant's credit and is counted when a charge uses it. One landlord
 * entry per tenancy, its lines naming their sub-account.
 */
export async function recordCollections(db: DbOrTx, tenancyIds: readonly number[], p: Posting) {
  const day = accountingDate(p.postedAt);
  const byTenancy = new Map<number, CollectionDue[]>();
  for (const row of await collectionState(db, [...new Set(tenancyIds)], day)) {
    byTenancy.set(row.tenancyId, [...(byTenancy.get(row.tenancyId) ?? []), row]);
  }
  for (const rows of byTenancy.values()) {
    const lines: LandlordLine[] = [];
    let gross = 0;
    let rentOnly = true;
    for (const t of rows) {
      const collected = chargeCollected(t.sub, t.charged, t.owed);
      const delta = collected - t.recognized;
      if (delta === 0) continue;
      const passedOn = passedOnShare(collected, t.charged, t.chargedPassedOn) - t.recognizedPassedOn;
      const split = splitCollection(delta - passedOn, { commissionBp: t.commissionBp, taxBp: t.taxBp });
      gross += delta;
      if (t.sub !== 'rent') rentOnly = false;
      lines.push(
        { account: 'collected', credit: -delta, sub: t.sub },
        { account: 'pass_through', credit: passedOn, sub: t.sub },
        { account: 'landlord', credit: split.landlord, sub: t.sub },
        { account: 'commission', credit: split.commission, sub: t.sub },
        { account: 'tax_payable', credit: split.tax, sub: t.sub },
      );
    }
    if (lines.length === 0) continue;
    const first = rows[0]!;
    const what = rentOnly ? 'Rent collected' : 'Rent and charges collected';
    await postLandlordTxn(db, {
      agentId: first.agentId,
      kind: 'collection',
      landlordNo: first.landlordNo,
      propId: first.propId,
      tenancyId: first.tenancyId,
      journalTxnId: p.journalTxnId,
      postedAt: p.postedAt,
      moneyDate: day,
      details: p.details ?? (gross >= 0 ? what : `${what} taken back`),
      postedBy: p.postedBy,
      lines,
    });
  }
}

/**
 * A reversal in the tenants' journal: the landlord entries the original made
 * are reversed with it (share, commission and tax as they were booked), then
 * the tenancy is brought level in case the reversal changed what else counts
 * as collected (a credit that now pays rent).
 */
export async function reverseCollections(
  db: DbOrTx,
  r: Posting & { agentId: number; tenancyId: number; originalJournalTxnId: number; journalTxnId: number; details: string },
) {
  await postLandlordReversals(db, {
    agentId: r.agentId,
    originalJournalTxnId: r.originalJournalTxnId,
    journalTxnId: r.journalTxnId,
    details: r.details,
    postedAt: r.postedAt,
    moneyDate: accountingDate(r.postedAt),
    postedBy: r.postedBy,
  });
  await recordCollections(db, [r.tenancyId], r);
}

/**
 * Receipts written together (an M-Pesa import of thousands): each tenancy is
 * levelled once, after all of its receipts, the entry named after its last
 * receipt and dated by it; reversing any of them levels it again.
 */
export async function recordReceiptCollections(db: DbOrTx, receipts: readonly { txnId: number; tenancyId: number; receivedAt: Date }[], postedBy: number) {
  const last = new Map<number, { txnId: number; receivedAt: Date }>();
  for (const r of receipts) last.set(r.tenancyId, r);
  for (const [tenancyId, r] of last) {
    await recordCollections(db, [tenancyId], { journalTxnId: r.txnId, postedAt: r.receivedAt, postedBy });
  }
}

/** After a monthly run: a tenant's credit pays the new charge, so it now counts as collected. */
export async function recordRunCollections(db: DbOrTx, r: { agentId: number; runId: number; postedAt: Date; postedBy: number }) {
  const ids = await runTenanciesWithCredit(db, r.agentId, r.runId);
  await recordCollections(db, ids, { journalTxnId: null, postedAt: r.postedAt, postedBy: r.postedBy, details: 'Rent paid ahead applied' });
}
