import { commissionKindOf, formatDay, shareOf } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { lockLandlord, postLandlordTxn, type LandlordLine } from './journal';
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
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM landlord_txns t
      WHERE t.agent_id = ${r.agentId} AND t.landlord_no = ${r.landlordNo} AND t.kind = 'payout' AND t.money_date >= ${r.from}::date
        AND NOT EXISTS (SELECT 1 FROM landlord_txns x WHERE x.reverses_txn_id = t.txn_id)
    ) OR EXISTS (
      SELECT 1 FROM kra_payments k
      WHERE k.agent_id = ${r.agentId} AND k.landlord_no = ${r.landlordNo} AND k.tax_month >= date_trunc('month', ${r.from}::date)::date
    ) AS settled`);
  return Boolean(rowsOf<{ settled: boolean }>(result)[0]?.settled);
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
  const result = await db.execute(sql`
    WITH terms AS (
      SELECT commission_bp, commission_kinds FROM management_agreements WHERE prop_id = ${r.propId} AND effective_from = ${r.from}::date
    ),
    until AS (
      SELECT min(effective_from) AS day FROM management_agreements WHERE prop_id = ${r.propId} AND effective_from > ${r.from}::date
    )
    SELECT coalesce(l.sub_account, 'rent') AS sub, terms.commission_bp, terms.commission_kinds,
      coalesce(sum(CASE l.account WHEN 'collected' THEN l.debit_cents - l.credit_cents WHEN 'pass_through' THEN l.debit_cents - l.credit_cents ELSE 0 END), 0)::bigint AS net,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission'), 0)::bigint AS commission
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    CROSS JOIN terms CROSS JOIN until
    WHERE t.agent_id = ${r.agentId} AND t.prop_id = ${r.propId} AND t.money_date >= ${r.from}::date
      AND (until.day IS NULL OR t.money_date < until.day) AND coalesce(o.kind, t.kind) = 'collection'
    GROUP BY 1, 2, 3
    ORDER BY coalesce(l.sub_account, 'rent') = 'rent' DESC, 1`);
  const lines: LandlordLine[] = [];
  for (const row of rowsOf<{
    sub: string;
    commission_bp: number;
    commission_kinds: string[] | string;
    net: string | number;
    commission: string | number;
  }>(result)) {
    const kinds = Array.isArray(row.commission_kinds)
      ? row.commission_kinds
      : String(row.commission_kinds).replace(/[{}]/g, '').split(',');
    const kind = commissionKindOf(row.sub);
    const bp = kind && kinds.includes(kind) ? Number(row.commission_bp) : 0;
    const move = shareOf(Number(row.net), bp) - Number(row.commission);
    lines.push(
      { account: 'commission', credit: move, sub: row.sub },
      { account: 'landlord', credit: -move, sub: row.sub },
    );
  }
  const rate = await mriRate(db, r.today);
  const month = await monthTax(db, [{ landlordNo: r.landlordNo, day: r.today }]);
  const tax = month.owing(r.landlordNo, r.today, rate);
  lines.push(
    { account: 'tax_payable', credit: tax, sub: 'rent' },
    { account: 'landlord', credit: -tax, sub: 'rent' },
  );
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
    lines: mergeLines(lines),
  });
  return true;
}

/** One line per account and sub-account, so the entry reads as the moves it makes. */
function mergeLines(lines: readonly LandlordLine[]): LandlordLine[] {
  const merged = new Map<string, LandlordLine>();
  for (const l of lines) {
    const key = `${l.account}|${l.sub ?? ''}`;
    const was = merged.get(key);
    merged.set(key, { ...l, credit: (was?.credit ?? 0) + l.credit });
  }
  return [...merged.values()];
}

async function mriRate(db: DbOrTx, day: string): Promise<number> {
  const result = await db.execute(
    sql`SELECT rate_bp FROM mri_rates WHERE effective_from <= ${day}::date ORDER BY effective_from DESC LIMIT 1`,
  );
  return Number(rowsOf<{ rate_bp: number }>(result)[0]?.rate_bp ?? 0);
}
