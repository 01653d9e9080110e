import { accountingDate, rentCollected, splitCollection } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { collectionState, postLandlordReversals, postLandlordTxn, runTenanciesWithCredit } from './journal';

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
 * Brings what the landlord journal counts as collected on each tenancy up (or
 * down) to the rent the tenant has actually paid against rent charged. The
 * difference is split at the agreement and MRI rate in force on the money's
 * day. Money paid ahead waits as the tenant's credit and is counted when a
 * charge uses it.
 */
export async function recordCollections(db: DbOrTx, tenancyIds: readonly number[], p: Posting) {
  const day = accountingDate(p.postedAt);
  for (const t of await collectionState(db, [...new Set(tenancyIds)], day)) {
    const gross = rentCollected(t.rentCharged, t.rentOwed) - t.recognized;
    if (gross === 0) continue;
    const split = splitCollection(gross, { commissionBp: t.commissionBp, taxBp: t.taxBp });
    await postLandlordTxn(db, {
      agentId: t.agentId,
      kind: 'collection',
      landlordNo: t.landlordNo,
      propId: t.propId,
      tenancyId: t.tenancyId,
      journalTxnId: p.journalTxnId,
      postedAt: p.postedAt,
      moneyDate: day,
      details: p.details ?? (gross > 0 ? 'Rent collected' : 'Rent collected taken back'),
      postedBy: p.postedBy,
      lines: [
        { account: 'collected', credit: -split.gross },
        { account: 'landlord', credit: split.landlord },
        { account: 'commission', credit: split.commission },
        { account: 'tax_payable', credit: split.tax },
      ],
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
