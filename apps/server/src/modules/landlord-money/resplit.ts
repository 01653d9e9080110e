import { commissionKindOf, formatDay, shareOf, vatRateOn } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { lockLandlord, postLandlordTxn, type LandlordLine } from './journal';
import { collectedSince, mriRateOn, paidOrFiledSince } from './month-repository';
import { monthTax } from './month-tax';

/**
 * An agreement from a past day (docs/decisions/041-agreements-from-a-past-day.md):
 * allowed only while nothing of the landlord's from that day on was paid out
 * or paid to KRA. Takes the landlord's row first, so a payout cannot slip in
 * between the check and the re-split.
 */
export async function stretchSettled(
  db: DbOrTx,
  r: { agentId: number; landlordNo: number; from: string },
): Promise<boolean> {
  await lockLandlord(db, r.landlordNo);
  return paidOrFiledSince(db, r);
}

/**
 * Brings the money the property collected from `from` (until its next
 * agreement) to the split the agreement in force on `from` gives it: one
 * entry dated today moves commission and tax against the landlord's share,
 * per sub-account, by the difference from what was booked; the receipts'
 * own entries stay as they were. Commission on each sub-account's total,
 * tax on the landlord's month (decision 040). Sent twice, the second finds
 * nothing to move. Answers whether anything moves; with `post: false` it
 * only answers (a stretch already paid out may take an agreement that moves
 * nothing in it).
 */
export async function resplitSince(
  db: DbOrTx,
  r: {
    agentId: number;
    propId: number;
    landlordNo: number;
    from: string;
    today: string;
    postedAt: Date;
    postedBy: number;
    post?: boolean;
  },
): Promise<boolean> {
  const rows = await collectedSince(db, r);
  const rate = await mriRateOn(db, r.today);
  const month = await monthTax(db, [{ landlordNo: r.landlordNo, day: r.today }]);
  const lines = resplitLines(rows, month.owing(r.landlordNo, r.today, rate), vatRateOn(r.today));
  if (lines.every((l) => l.credit === 0)) return false;
  if (r.post === false) return true;
  await postLandlordTxn(db, {
    agentId: r.agentId,
    kind: 'collection',
    landlordNo: r.landlordNo,
    propId: r.propId,
    tenancyId: null,
    journalTxnId: null,
    postedAt: r.postedAt,
    moneyDate: r.today,
    details: `Re-split under the agreement from ${formatDay(r.from)}`,
    postedBy: r.postedBy,
    lines,
  });
  return true;
}

/**
 * The VAT that goes with commission moved: on the part of the stretch the
 * agency collected while VAT-registered, whose commission carried VAT when
 * booked (decision 054), so a re-split leaves commission and its VAT in the
 * same proportion; nothing when no commission moves.
 */
export function vatOnMove(move: number, net: number, netVat: number, rateBp: number): number {
  if (move === 0 || netVat === 0 || net === 0) return 0;
  return shareOf(netVat === net ? move : Math.round((move * netVat) / net), rateBp);
}

type Collected = Awaited<ReturnType<typeof collectedSince>>[number];

/**
 * The re-split's lines, one per account and sub-account, so the entry reads as
 * the moves it makes: on each sub-account the commission the agreement's rate
 * gives its total (on the kinds it names, none on the others) less the
 * commission booked, with the VAT on it (vatOnMove), and on rent the tax the
 * month still owes; the landlord's share takes the other side of each.
 */
export function resplitLines(rows: readonly Collected[], tax: number, vatBp: number): LandlordLine[] {
  const lines: LandlordLine[] = [];
  for (const row of rows) {
    const kinds = Array.isArray(row.commission_kinds)
      ? row.commission_kinds
      : String(row.commission_kinds).replace(/[{}]/g, '').split(',');
    const kind = commissionKindOf(row.sub);
    const bp = kind && kinds.includes(kind) ? Number(row.commission_bp) : 0;
    const move = shareOf(Number(row.net), bp) - Number(row.commission);
    const vat = vatOnMove(move, Number(row.net), Number(row.net_vat), vatBp);
    lines.push({ account: 'commission', credit: move, sub: row.sub });
    if (vat !== 0) lines.push({ account: 'vat_output', credit: vat, sub: row.sub });
    lines.push({ account: 'landlord', credit: -move - vat, sub: row.sub });
  }
  lines.push(
    { account: 'tax_payable', credit: tax, sub: 'rent' },
    { account: 'landlord', credit: -tax, sub: 'rent' },
  );
  const merged = new Map<string, LandlordLine>();
  for (const l of lines) {
    const key = `${l.account}|${l.sub ?? ''}`;
    const was = merged.get(key);
    merged.set(key, { ...l, credit: (was?.credit ?? 0) + l.credit });
  }
  return [...merged.values()];
}
