import { accountingDate, chargeCollected, passedOnShare, splitCollection, vatOnFee } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import {
  collectionState,
  lockCollections,
  postLandlordReversals,
  postLandlordTxns,
  runTenanciesWithCredit,
  type CollectionDue,
  type LandlordLine,
  type LandlordTxn,
} from './journal';
import { monthTax } from './month-tax';

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
  await levelTenancies(
    db,
    [...new Set(tenancyIds)].map((tenancyId) => ({ tenancyId, ...p })),
  );
}

/**
 * Levels each tenancy by its own posting (its money's day, entry and words),
 * in a fixed number of statements whatever their number: the locks, the
 * state of all of them, and every landlord entry at once.
 */
async function levelTenancies(db: DbOrTx, postings: readonly (Posting & { tenancyId: number })[]) {
  if (postings.length === 0) return;
  const posting = new Map(postings.map((p) => [p.tenancyId, p]));
  const ids = [...posting.keys()].sort((a, b) => a - b);
  await lockCollections(db, ids);
  const byTenancy = new Map<number, CollectionDue[]>();
  const state = await collectionState(
    db,
    ids.map((tenancyId) => ({ tenancyId, day: accountingDate(posting.get(tenancyId)!.postedAt) })),
  );
  for (const row of state) byTenancy.set(row.tenancyId, [...(byTenancy.get(row.tenancyId) ?? []), row]);
  const taxes = await monthTax(
    db,
    state.filter((r) => r.taxBp > 0).map((r) => ({ landlordNo: r.landlordNo, day: accountingDate(posting.get(r.tenancyId)!.postedAt) })),
  );
  const txns: LandlordTxn[] = [];
  for (const rows of byTenancy.values()) {
    const first = rows[0]!;
    const p = posting.get(first.tenancyId)!;
    const day = accountingDate(p.postedAt);
    const entry = collectionEntry(
      rows,
      (gross, taxBp) => taxes.withhold(first.landlordNo, day, gross, taxBp),
      (fee) => vatOnFee(fee, day, first.vatFrom),
    );
    if (!entry) continue;
    const what = entry.rentOnly ? 'Rent collected' : 'Rent and charges collected';
    txns.push({
      agentId: first.agentId,
      kind: 'collection',
      landlordNo: first.landlordNo,
      propId: first.propId,
      tenancyId: first.tenancyId,
      journalTxnId: p.journalTxnId,
      postedAt: p.postedAt,
      moneyDate: accountingDate(p.postedAt),
      details: p.details ?? (entry.gross >= 0 ? what : `${what} taken back`),
      postedBy: p.postedBy,
      lines: entry.lines,
    });
  }
  await postLandlordTxns(db, txns);
}

/**
 * One tenancy's landlord lines, from its sub-accounts' state; null when
 * nothing changed. `withhold` rounds the tax on the month; `vat` is the VAT
 * the landlord pays on the commission (decision 054), on top of it and owed
 * to KRA, so it comes out of the landlord's share and is never commission.
 */
export function collectionEntry(rows: readonly CollectionDue[], withhold: (gross: number, taxBp: number) => number, vat: (fee: number) => number) {
  const lines: LandlordLine[] = [];
  let gross = 0;
  let rentOnly = true;
  for (const t of rows) {
    const collected = chargeCollected(t.sub, t.charged, t.owed);
    const delta = collected - t.recognized;
    if (delta === 0) continue;
    const passedOn = passedOnShare(collected, t.charged, t.chargedPassedOn) - t.recognizedPassedOn;
    const split = splitCollection(delta - passedOn, { commissionBp: t.commissionBp, taxBp: t.taxBp }, withhold(delta - passedOn, t.taxBp));
    const vatOnCommission = vat(split.commission);
    gross += delta;
    if (t.sub !== 'rent') rentOnly = false;
    lines.push(
      { account: 'collected', credit: -delta, sub: t.sub },
      { account: 'pass_through', credit: passedOn, sub: t.sub },
      { account: 'landlord', credit: split.landlord - vatOnCommission, sub: t.sub },
      { account: 'commission', credit: split.commission, sub: t.sub },
      { account: 'vat_output', credit: vatOnCommission, sub: t.sub },
      { account: 'tax_payable', credit: split.tax, sub: t.sub },
    );
  }
  return lines.length === 0 ? null : { lines, gross, rentOnly };
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
  await levelTenancies(
    db,
    [...last].map(([tenancyId, r]) => ({ tenancyId, journalTxnId: r.txnId, postedAt: r.receivedAt, postedBy })),
  );
}

/** After a monthly run: a tenant's credit pays the new charge, so it now counts as collected. */
export async function recordRunCollections(db: DbOrTx, r: { agentId: number; runId: number; postedAt: Date; postedBy: number }) {
  const ids = await runTenanciesWithCredit(db, r.agentId, r.runId);
  await recordCollections(db, ids, { journalTxnId: null, postedAt: r.postedAt, postedBy: r.postedBy, details: 'Rent paid ahead applied' });
}
